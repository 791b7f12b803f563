package io.idbench.seed;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * One {@code COPY table (columns) FROM STDIN (FORMAT binary)} in progress on its own connection
 * (pgjdbc's CopyManager), written row by row, each value in its column's binary form
 * ({@link CopyColumn}). Binary, not CSV: a backend reading CSV spent a fifth of a JSONB load's
 * CPU finding the ends of lines and fields and parsing uuids and timestamps (docs/seeding.md).
 */
public final class CopyStream implements AutoCloseable {
    private static final int BUFFER = 1 << 16;
    /** The binary format's signature, then no flags and no header extension. */
    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final short TRAILER = -1;

    private final String table;
    private final CopyColumn[] columns;
    private final DataOutputStream out;
    private int next;

    private CopyStream(String table, CopyColumn[] columns, DataOutputStream out) {
        this.table = table;
        this.columns = columns;
        this.out = out;
    }

    static CopyStream open(Connection c, String table, String columns) throws SQLException {
        CopyColumn[] types = CopyColumn.of(c, table, columns);
        PGCopyOutputStream copy = new PGCopyOutputStream(c.unwrap(PGConnection.class),
                "COPY " + table + " (" + columns + ") FROM STDIN WITH (FORMAT binary)", BUFFER);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(copy, BUFFER));
        try {
            out.write(HEADER);
        } catch (IOException e) {
            throw new SQLException(failed(table, e), e);
        }
        return new CopyStream(table, types, out);
    }

    /**
     * The next column's value, of the Java type its column takes ({@link CopyColumn}); null is NULL.
     *
     * @throws IllegalStateException when the row already has every column's value
     */
    public CopyStream value(Object value) {
        if (next == columns.length) {
            throw new IllegalStateException("COPY " + table + ": a row has " + columns.length + " values, this is one more");
        }
        try {
            if (next == 0) {
                out.writeShort(columns.length);
            }
            columns[next].write(value, out);
        } catch (IOException e) {
            throw new UncheckedIOException(failed(table, e), e);
        }
        next++;
        return this;
    }

    /** @throws IllegalStateException when the row lacks a column's value */
    public void endRow() {
        if (next != columns.length) {
            throw new IllegalStateException("COPY " + table + ": a row has " + columns.length + " values, this one " + next);
        }
        next = 0;
    }

    /** Ends the COPY: the server has then checked every row. */
    @Override
    public void close() throws SQLException {
        try {
            out.writeShort(TRAILER);
            out.close();
        } catch (IOException e) {
            throw new SQLException(failed(table, e), e);
        }
    }

    private static String failed(String table, IOException e) {
        return "COPY " + table + " failed: " + why(e);
    }

    /**
     * The first line of the server's own words when it ended the COPY (pgjdbc wraps them: "Ending write to copy failed." around "ERROR: could
     * not extend file …: No space left on device"), else the exception's.
     */
    private static String why(IOException e) {
        Throwable deepest = e;
        while (deepest.getCause() != null) {
            deepest = deepest.getCause();
        }
        String message = deepest.getMessage() != null ? deepest.getMessage() : String.valueOf(e.getMessage());
        return message.lines().findFirst().orElse(message); // the server adds Hint: and Where: lines
    }
}
