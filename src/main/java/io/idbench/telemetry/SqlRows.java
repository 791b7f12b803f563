package io.idbench.telemetry;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The catalogue queries of the telemetry: constant SQL, read row by row. */
final class SqlRows {
    private SqlRows() {
    }

    interface Row {
        void accept(ResultSet rs) throws SQLException;
    }

    static void forEach(Connection c, String sql, Row each) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                each.accept(rs);
            }
        }
    }

    /** Whether the query returns a row. */
    static boolean any(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    /** The first column of the first row. */
    static String one(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }
}
