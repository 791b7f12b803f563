package io.idbench.seed;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Several COPYs in progress at once, one connection each, fed by one generator: every table's
 * rows are parsed by their own server backend, in parallel. {@link #finish} ends them all; closing
 * without finishing abandons them (their connections are closed, the rows are never committed).
 */
public final class CopySession implements AutoCloseable {
    private final Database database;
    private final List<Connection> connections = new ArrayList<>();
    private final List<CopyStream> streams = new ArrayList<>();

    public CopySession(Database database) {
        this.database = database;
    }

    /** Starts {@code COPY table (columns)} on a new connection. */
    public CopyStream open(String table, String columns) throws SQLException {
        Connection c = database.connect();
        connections.add(c);
        CopyStream s = CopyStream.open(c, table, columns);
        streams.add(s);
        return s;
    }

    /** Ends every COPY (each is committed on its own connection, autocommit). */
    public void finish() throws SQLException {
        for (CopyStream s : streams) {
            s.close();
        }
        streams.clear();
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null && streams.isEmpty()) {
            throw first;
        }
    }
}
