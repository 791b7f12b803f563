package io.idbench.search;

import io.idbench.store.Jdbc;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The record of index writes that did not happen (db/search/backlog.sql), kept in the database
 * so that it survives the service and commits independently of the engine. Each entry carries
 * the time it was recorded: a repair removes an entry only if nobody recorded the id again since.
 */
public final class IndexBacklog {
    public static final String DDL = "/db/search/backlog.sql";

    private final Jdbc jdbc;

    public IndexBacklog(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource, "search_backlog");
        jdbc.runScript(DDL);
    }

    public record Entry(UUID userId, OffsetDateTime recorded) {
    }

    public void record(Collection<UUID> ids, String reason) {
        if (ids.isEmpty()) {
            return;
        }
        jdbc.autocommit(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO search_backlog (user_id, reason) VALUES (?, ?) "
                    + "ON CONFLICT (user_id) DO UPDATE SET recorded = clock_timestamp(), reason = excluded.reason")) {
                for (UUID id : ids) {
                    ps.setObject(1, id);
                    ps.setString(2, reason.length() > 500 ? reason.substring(0, 500) : reason);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    public long size() {
        return jdbc.count("search_backlog");
    }

    /** The oldest entries, at most {@code limit}. */
    public List<Entry> oldest(int limit) {
        return jdbc.autocommit(c -> {
            List<Entry> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT user_id, recorded FROM search_backlog ORDER BY recorded, user_id LIMIT ?")) {
                ps.setInt(1, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Entry(rs.getObject(1, UUID.class), rs.getObject(2, OffsetDateTime.class)));
                    }
                }
            }
            return out;
        });
    }

    /** Removes repaired entries that were not recorded again in the meantime. */
    public void repaired(List<Entry> entries) {
        jdbc.autocommit(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM search_backlog WHERE user_id = ? AND recorded = ?")) {
                for (Entry e : entries) {
                    ps.setObject(1, e.userId());
                    ps.setObject(2, e.recorded());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    public void clear() {
        jdbc.autocommit(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("DELETE FROM search_backlog");
            }
            return null;
        });
    }
}
