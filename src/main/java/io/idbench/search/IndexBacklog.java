package io.idbench.search;

import io.idbench.store.Jdbc;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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

    /**
     * Stands for every user: recorded when a rebuild starts, removed only when one completes, so a
     * rebuild that fails half-way (the engine down) leaves the evidence that the whole index is
     * stale, and the repairer rebuilds again once the engine answers.
     */
    public static final UUID EVERY_USER = new UUID(0L, 0L);

    public record Entry(UUID userId, OffsetDateTime recorded) {
        public boolean everyUser() {
            return EVERY_USER.equals(userId);
        }
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

    /** Records that the whole index is to be rebuilt; returns the time recorded, for {@link #rebuilt}. */
    public OffsetDateTime recordRebuild(String reason) {
        record(List.of(EVERY_USER), reason);
        return jdbc.autocommit(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT recorded FROM search_backlog WHERE user_id = ?")) {
                ps.setObject(1, EVERY_USER);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getObject(1, OffsetDateTime.class);
                }
            }
        });
    }

    /** True while a rebuild was asked for and has not completed. */
    public boolean rebuildPending() {
        return jdbc.autocommit(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM search_backlog WHERE user_id = ?")) {
                ps.setObject(1, EVERY_USER);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /**
     * After a completed rebuild that started at {@code started}: every entry recorded up to then is
     * settled (the rebuild read those users afterwards); later ones await the repair.
     */
    public void rebuilt(OffsetDateTime started) {
        jdbc.autocommit(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM search_backlog WHERE recorded <= ?")) {
                ps.setObject(1, started);
                ps.executeUpdate();
            }
            return null;
        });
    }
}
