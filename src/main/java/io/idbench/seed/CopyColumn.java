package io.idbench.seed;

import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.util.ByteConverter;

/**
 * A column's type as a binary COPY writes it (PostgreSQL's send functions): a 4-byte length, then
 * the value. Each takes the Java type named beside it; anything else is a programming error.
 */
enum CopyColumn {
    /** {@link java.util.UUID}: 16 bytes. */
    UUID("uuid") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            java.util.UUID u = (java.util.UUID) v;
            out.writeInt(16);
            out.writeLong(u.getMostSignificantBits());
            out.writeLong(u.getLeastSignificantBits());
        }
    },
    /** Any object's {@code toString()}, UTF-8 (text, varchar and char send the same). */
    TEXT("text", "varchar", "bpchar") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            byte[] b = v.toString().getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }
    },
    /**
     * A JSON text, after the format's version byte (the server parses it as for text input): a {@code byte[]} is the text
     * in UTF-8 already, anything else is written by its {@code toString()}.
     */
    JSONB("jsonb") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            byte[] b = v instanceof byte[] utf8 ? utf8 : v.toString().getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length + 1);
            out.writeByte(JSONB_VERSION);
            out.write(b);
        }
    },
    /** Any {@link Number}, as a long. */
    INT8("int8") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            out.writeInt(8);
            out.writeLong(((Number) v).longValue());
        }
    },
    /** Any {@link Number}, as an int. */
    INT4("int4") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            out.writeInt(4);
            out.writeInt(((Number) v).intValue());
        }
    },
    /** Any {@link Number}, as a short. */
    INT2("int2") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            out.writeInt(2);
            out.writeShort(((Number) v).shortValue());
        }
    },
    /** {@link Boolean}. */
    BOOL("bool") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            out.writeInt(1);
            out.writeByte((Boolean) v ? 1 : 0);
        }
    },
    /** {@link BigDecimal} (pgjdbc's encoding). */
    NUMERIC("numeric") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            byte[] b = ByteConverter.numeric((BigDecimal) v);
            out.writeInt(b.length);
            out.write(b);
        }
    },
    /** {@link Instant}, to the microsecond. */
    TIMESTAMPTZ("timestamptz") {
        @Override
        void value(Object v, DataOutputStream out) throws IOException {
            out.writeInt(8);
            out.writeLong(ChronoUnit.MICROS.between(POSTGRES_EPOCH, (Instant) v));
        }
    };

    /** Where PostgreSQL's timestamps count from. */
    static final Instant POSTGRES_EPOCH = Instant.parse("2000-01-01T00:00:00Z");
    private static final int JSONB_VERSION = 1;

    private final List<String> typeNames;

    CopyColumn(String... typeNames) {
        this.typeNames = List.of(typeNames);
    }

    abstract void value(Object v, DataOutputStream out) throws IOException;

    /** Writes {@code v} (null: NULL). */
    void write(Object v, DataOutputStream out) throws IOException {
        if (v == null) {
            out.writeInt(-1);
        } else {
            value(v, out);
        }
    }

    /**
     * The types of {@code columns} (comma-separated, as COPY names them) of {@code table}, read from the catalog.
     *
     * @throws IllegalArgumentException for a column that does not exist or has a type not listed here
     */
    static CopyColumn[] of(Connection c, String table, String columns) throws SQLException {
        Map<String, String> types = new HashMap<>();
        try (PreparedStatement ps = c
                .prepareStatement("SELECT a.attname, t.typname FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                        + " WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    types.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return Arrays.stream(columns.split(",")).map(String::trim).map(name -> {
            String type = types.get(name);
            if (type == null) {
                throw new IllegalArgumentException("COPY " + table + ": no column " + name);
            }
            return Arrays.stream(values()).filter(t -> t.typeNames.contains(type)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("COPY " + table + ": column " + name + " is of type " + type
                            + ", which idbench does not write in binary"));
        }).toArray(CopyColumn[]::new);
    }
}
