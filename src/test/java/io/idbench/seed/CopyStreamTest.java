package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seed's binary COPY on a real PostgreSQL: every column type the loaders write reads back as
 * its text form says it should, NULL and the empty string stay apart, and a row with a value too
 * many or too few, or a column of a type it cannot write, fails naming the table and column.
 */
@StartsServers
class CopyStreamTest {
    private static final String COLUMNS = "u, t, j, i8, i4, i2, b, n, ts";

    private Database database;

    @BeforeEach
    void table() throws SQLException {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        database = new Database(pg.jdbcUrl(), pg.user(), pg.password());
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS copy_stream_test");
            s.execute("CREATE TABLE copy_stream_test (u uuid, t text, j jsonb, i8 bigint, i4 integer, i2 smallint, b boolean,"
                    + " n numeric, ts timestamptz, x point)");
        }
    }

    @Test
    void everyTypeReadsBackAsItsTextSays() throws SQLException {
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        try (CopySession session = new CopySession(database)) {
            CopyStream s = session.open("copy_stream_test", COLUMNS);
            s.value(id).value("Zoë \"quoted\", comma\nline").value("{\"b\": [1, \"ü\"], \"a\": null}").value(1).value(-7).value((short) 3)
                    .value(true).value(new BigDecimal("-12345.678900")).value(Instant.parse("2018-10-09T01:02:03.456789Z")).endRow();
            s.value(null).value("").value(null).value(null).value(null).value(null).value(false).value(BigDecimal.ZERO)
                    .value(Instant.parse("1999-12-31T23:59:59Z")).endRow();
            session.finish();
        }

        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("SET TIME ZONE 'UTC'");
            ResultSet rs = st.executeQuery("SELECT u::text, t, t IS NULL, j::text, i8, i4, i2, b, n::text, ts::text"
                    + " FROM copy_stream_test ORDER BY b DESC");
            rs.next();
            assertThat(rs.getString(1)).isEqualTo(id.toString());
            assertThat(rs.getString(2)).isEqualTo("Zoë \"quoted\", comma\nline");
            assertThat(rs.getString(4)).isEqualTo("{\"a\": null, \"b\": [1, \"ü\"]}");
            assertThat(rs.getLong(5)).isEqualTo(1);
            assertThat(rs.getInt(6)).isEqualTo(-7);
            assertThat(rs.getShort(7)).isEqualTo((short) 3);
            assertThat(rs.getBoolean(8)).isTrue();
            assertThat(rs.getString(9)).isEqualTo("-12345.678900");
            assertThat(rs.getString(10)).isEqualTo("2018-10-09 01:02:03.456789+00");
            rs.next();
            assertThat(rs.getString(1)).isNull();
            assertThat(rs.getString(2)).isEmpty();
            assertThat(rs.getBoolean(3)).isFalse();
            assertThat(rs.getString(4)).isNull();
            assertThat(rs.getBoolean(8)).isFalse();
            assertThat(rs.getString(9)).isEqualTo("0");
            assertThat(rs.getString(10)).isEqualTo("1999-12-31 23:59:59+00");
        }
    }

    @Test
    void aJsonbValueMayBeItsTextInUtf8() throws SQLException {
        try (CopySession session = new CopySession(database)) {
            session.open("copy_stream_test", "j").value("{\"b\": \"ü\", \"a\": 1}".getBytes(StandardCharsets.UTF_8)).endRow();
            session.finish();
        }

        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT j::text FROM copy_stream_test");
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("{\"a\": 1, \"b\": \"ü\"}");
        }
    }

    @Test
    void aValueTooManyNamesTheTable() throws SQLException {
        try (CopySession session = new CopySession(database)) {
            CopyStream s = session.open("copy_stream_test", "u, t");
            s.value(UUID.randomUUID()).value("a");

            assertThatThrownBy(() -> s.value("b")).isInstanceOf(IllegalStateException.class)
                    .hasMessage("COPY copy_stream_test: a row has 2 values, this is one more");
        }
    }

    @Test
    void aValueTooFewNamesTheTable() throws SQLException {
        try (CopySession session = new CopySession(database)) {
            CopyStream s = session.open("copy_stream_test", "u, t");
            s.value(UUID.randomUUID());

            assertThatThrownBy(s::endRow).isInstanceOf(IllegalStateException.class)
                    .hasMessage("COPY copy_stream_test: a row has 2 values, this one 1");
        }
    }

    @Test
    void aTypeItCannotWriteIsRefusedBeforeTheCopyStarts() {
        assertThatThrownBy(() -> {
            try (CopySession session = new CopySession(database)) {
                session.open("copy_stream_test", "u, x");
            }
        }).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("COPY copy_stream_test: column x is of type point, which idbench does not write in binary");
    }

    @Test
    void aColumnThatDoesNotExistIsRefusedBeforeTheCopyStarts() {
        assertThatThrownBy(() -> {
            try (CopySession session = new CopySession(database)) {
                session.open("copy_stream_test", "u, missing");
            }
        }).isInstanceOf(IllegalArgumentException.class).hasMessage("COPY copy_stream_test: no column missing");
    }
}
