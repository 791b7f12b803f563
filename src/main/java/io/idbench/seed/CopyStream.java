package io.idbench.seed;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * One {@code COPY table (columns) FROM STDIN (FORMAT csv)} in progress on its own connection
 * (pgjdbc's CopyManager), written row by row. Text fields are always quoted, so an empty string
 * stays distinct from NULL (an empty unquoted field).
 */
public final class CopyStream implements AutoCloseable {
    private static final int BUFFER = 1 << 16;

    private final String table;
    private final Writer out;
    private boolean rowStarted;

    private CopyStream(String table, Writer out) {
        this.table = table;
        this.out = out;
    }

    static CopyStream open(Connection c, String table, String columns) throws SQLException {
        PGCopyOutputStream copy = new PGCopyOutputStream(c.unwrap(PGConnection.class),
                "COPY " + table + " (" + columns + ") FROM STDIN WITH (FORMAT csv)", BUFFER);
        return new CopyStream(table, new BufferedWriter(new OutputStreamWriter(copy, StandardCharsets.UTF_8), BUFFER));
    }

    /** A quoted text field; null is NULL. */
    public CopyStream text(String value) {
        separate();
        if (value != null) {
            write('"' + (value.indexOf('"') < 0 ? value : value.replace("\"", "\"\"")) + '"');
        }
        return this;
    }

    /** An unquoted field whose text form needs no quoting (numbers, uuids, timestamps, booleans); null is NULL. */
    public CopyStream plain(Object value) {
        separate();
        if (value != null) {
            write(value.toString());
        }
        return this;
    }

    public void endRow() {
        write("\n");
        rowStarted = false;
    }

    private void separate() {
        if (rowStarted) {
            write(",");
        }
        rowStarted = true;
    }

    private void write(String s) {
        try {
            out.write(s);
        } catch (IOException e) {
            throw new UncheckedIOException("COPY " + table + " failed: " + why(e), e);
        }
    }

    /** Ends the COPY: the server has then checked every row. */
    @Override
    public void close() throws SQLException {
        try {
            out.close();
        } catch (IOException e) {
            throw new SQLException("COPY " + table + " failed: " + why(e), e);
        }
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
