package io.idbench.search;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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

    private final DataSource dataSource;

    public IndexBacklog(DataSource dataSource) {
        this.dataSource = dataSource;
        try (InputStream in = IndexBacklog.class.getResourceAsStream(DDL)) {
            String ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            run(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute(ddl);
                }
                return null;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public record Entry(UUID userId, OffsetDateTime recorded) {
    }

    public void record(Collection<UUID> ids, String reason) {
        if (ids.isEmpty()) {
            return;
        }
        run(c -> {
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
        return run(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM search_backlog")) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** The oldest entries, at most {@code limit}. */
    public List<Entry> oldest(int limit) {
        return run(c -> {
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
        run(c -> {
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
        run(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("DELETE FROM search_backlog");
            }
            return null;
        });
    }

    @FunctionalInterface
    private interface Work<T> {
        T apply(Connection c) throws SQLException;
    }

    private <T> T run(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException("search_backlog: " + e.getMessage(), e);
        }
    }
}
