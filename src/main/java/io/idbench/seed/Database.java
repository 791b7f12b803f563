package io.idbench.seed;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One database on a PostgreSQL server, reached with plain (unpooled) connections: a bulk load
 * holds a few long COPY and index-build sessions, and a connection that fails half-way is simply
 * closed, never handed back to a pool.
 */
public record Database(String jdbcUrl, String user, String password) {
    private static final Pattern URL = Pattern.compile("(jdbc:postgresql://[^/]+/)([^?]*)(\\?.*)?");

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    /** The database's name, from the URL. */
    public String name() {
        return parse().group(2);
    }

    /** Another database on the same server, with the same credentials and URL parameters. */
    public Database sibling(String database) {
        Matcher m = parse();
        return new Database(m.group(1) + database + (m.group(3) == null ? "" : m.group(3)), user, password);
    }

    private Matcher parse() {
        Matcher m = URL.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a PostgreSQL JDBC URL with a database name: " + jdbcUrl);
        }
        return m;
    }
}
