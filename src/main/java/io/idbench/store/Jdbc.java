package io.idbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The one plain-JDBC helper of the SQL code: statements outside Hibernate's sessions run here, in
 * autocommit (one round trip per statement, no BEGIN/COMMIT), with a checked {@link SQLException}
 * turned into an unchecked one that names what failed.
 */
public final class Jdbc {
    /** Work on a connection that may throw {@link SQLException}. */
    @FunctionalInterface
    public interface Work<T> {
        T apply(Connection c) throws SQLException;
    }

    private final DataSource dataSource;
    private final String what;

    /** @param what how a failure's message begins, e.g. {@code "Query failed"} */
    public Jdbc(DataSource dataSource, String what) {
        this.dataSource = dataSource;
        this.what = what;
    }

    /** Runs {@code work} on a pooled connection in autocommit. */
    public <T> T autocommit(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException(what + ": " + e.getMessage(), e);
        }
    }

    /** SELECT count(*) of a table. */
    public long count(String table) {
        return autocommit(c -> {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** Runs an idempotent SQL script from the class path (e.g. a schema) as one statement batch. */
    public void runScript(String resource) {
        runStatements(resource, resourceText(resource));
    }

    /** Runs idempotent SQL statements as one batch; {@code what} names them in an error. */
    public void runStatements(String what, String script) {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute(script);
            if (!c.getAutoCommit()) {
                c.commit();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot run " + what + ": " + e.getMessage(), e);
        }
    }

    /** A class-path resource's text (UTF-8); a missing one is a packaging error. */
    public static String resourceText(String resource) {
        try (InputStream in = Jdbc.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("No resource " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prepares {@code sql} with its parameters bound ({@code UUID[]} as a PostgreSQL uuid array). */
    public static PreparedStatement prepare(Connection c, Sql sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql.text());
        List<Object> params = sql.params();
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i) instanceof UUID[] ids) {
                ps.setArray(i + 1, c.createArrayOf("uuid", ids));
            } else {
                ps.setObject(i + 1, params.get(i));
            }
        }
        return ps;
    }
}
