package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Defaults are the documented constants; every invalid value fails with one exact message. */
class ScenarioConfigTest {

    private static void rejects(UnaryOperator<ScenarioConfig.Builder> change, String message) {
        assertThatThrownBy(() -> change.apply(ScenarioConfig.builder()).build())
                .isInstanceOf(ConfigException.class).hasMessage(message);
    }

    @Test
    void defaults() {
        ScenarioConfig c = ScenarioConfig.builder().build();
        assertThat(c.storage()).isEqualTo("jsonb");
        assertThat(c.bind()).isEqualTo("127.0.0.1");
        assertThat(c.port()).isZero();
        assertThat(c.token()).isNull();
        assertThat(c.passwordHash()).isEqualTo("ssha256");
        assertThat(c.dbProvider()).isEqualTo("auto");
        assertThat(c.search()).isEqualTo("sql");
        assertThat(c.searchEngine()).isFalse();
        assertThat(c.dbPoolSize()).isEqualTo(ScenarioConfig.DEFAULT_DB_POOL_SIZE);
        assertThat(c.maxResults()).isEqualTo(1000);
        assertThat(c.maxGroupMembers()).isEqualTo(10_000);
    }

    @Test
    void preciseMessages() {
        rejects(b -> b.withStorage("mongo"), "storage must be one of jsonb, relational, was 'mongo'");
        rejects(b -> b.withPort(70000), "port must be between 0 and 65535 (0 = a free port), was 70000");
        rejects(b -> b.withPort(-1), "port must be between 0 and 65535 (0 = a free port), was -1");
        rejects(b -> b.withToken("short"), "token must be at least 16 characters long, was 5");
        rejects(b -> b.withAdminPassword("1234"), "admin password must be at least 8 characters long, was 4");
        rejects(b -> b.withPasswordHash("md5"), "password hash must be one of bcrypt, ssha256, was 'md5'");
        rejects(b -> b.withBcryptCost(3), "bcrypt cost must be between 4 and 31, was 3");
        rejects(b -> b.withDbUrl("postgres://x"), "db url must start with jdbc:postgresql://, was 'postgres://x'");
        rejects(b -> b.withDbPoolSize(0), "db pool size must be between 1 and 500, was 0");
        rejects(b -> b.withMaxResults(0), "max results must be between 1 and 100000, was 0");
        rejects(b -> b.withPgSharedBuffers("lots"), "PostgreSQL shared_buffers must look like 512MB or 2GB, was 'lots'");
        rejects(b -> b.withMaxGroupMembers(0), "max group members must be at least 1, was 0");
        rejects(b -> b.withBind(""), "bind address must not be empty");
    }

    @Test
    void valuesAreNormalised() {
        ScenarioConfig c = ScenarioConfig.builder().withStorage("JSONB").withPasswordHash("BCrypt").build();
        assertThat(c.storage()).isEqualTo("jsonb");
        assertThat(c.passwordHash()).isEqualTo("bcrypt");
    }
}
