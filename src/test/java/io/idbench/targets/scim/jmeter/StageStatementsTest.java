package io.idbench.targets.scim.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan shown for an operation is the plan of the statement its client sent: pg_stat_statements keeps the text with every
 * literal made a parameter, and an index on an expression over a literal (a JSON key) matches only the text as sent.
 */
@StartsServers
class StageStatementsTest {
    private static final String SEARCH = "SELECT id FROM doc_user WHERE lower(doc ->> 'mail') = lower(?)";

    @TempDir
    Path tmp;

    @Test
    void theSlowestStatementIsExplainedAsItsClientSentItElseSaysWhichTextItExplained() throws Exception {
        try (HikariDataSource db = TestDatabase.fresh("stage_statements", 1)) {
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("CREATE TABLE doc_user (id bigint PRIMARY KEY, doc jsonb NOT NULL)");
                s.execute("INSERT INTO doc_user SELECT n, jsonb_build_object('mail', 'User' || n || '@example.org')"
                        + " FROM generate_series(1, 20000) n");
                s.execute("CREATE INDEX doc_user_mail ON doc_user ((lower(doc ->> 'mail')))");
                s.execute("ANALYZE doc_user");
            }
            Path file = tmp.resolve("stages.json");
            Properties props = new Properties();
            props.setProperty("stages.jdbcUrl", db.getJdbcUrl());
            props.setProperty("stages.user", db.getUsername());
            props.setProperty("stages.password", db.getPassword());
            props.setProperty("stages.file", file.toString());
            StageStatements.mark(props, "");

            try (Connection client = DriverManager.getConnection(db.getJdbcUrl(), db.getUsername(), db.getPassword())) {
                StageStatements.mark(props, "Search, its session idle");
                search(client);
                StageStatements.mark(props, "Search, its session gone");
                search(client);
            }
            StageStatements.mark(props, "");

            JsonNode stages = new ObjectMapper().readTree(file.toFile()).path("stages");
            JsonNode idle = stages.path("Search, its session idle");
            assertThat(idle.path("statements").get(0).path("query").asText()).as("pg_stat_statements' text")
                    .contains("doc ->> $2");
            assertThat(idle.path("slowestPlan").asText()).as("the plan of the text as sent").contains("doc_user_mail")
                    .doesNotContain(StageStatements.NORMALIZED);
            assertThat(stages.path("Search, its session gone").path("slowestPlan").asText())
                    .startsWith(StageStatements.NORMALIZED + "\n").doesNotContain("doc_user_mail");
        }
    }

    private static void search(Connection client) throws Exception {
        try (PreparedStatement ps = client.prepareStatement(SEARCH)) {
            for (int n = 1; n <= 20; n++) {
                ps.setString(1, "user" + n + "@example.org");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
        }
    }
}
