package io.idbench.targets;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.idbench.common.Json;
import io.idbench.record.SeedRecord;
import io.idbench.seed.Dataset;
import io.idbench.seed.DatasetStore;
import io.idbench.seed.IdentityGenerator;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A seeded Keycloak database kept on idbench's PostgreSQL as a template database, as idbench's own datasets are, under their
 * prefix: a later run with the same version and size clones it in seconds instead of seeding again, and {@code idbench datasets}
 * lists and prunes it with the others. The ids Keycloak holds and its administrator's password travel inside it (tables
 * {@value #IDS_TABLE} and {@value #ADMIN_TABLE}, which Keycloak ignores); its comment is the record of the seed that made it,
 * written only once it is complete: a seed that stopped half-way is never taken for a dataset.
 *
 * @param name the template database, e.g. idbset_keycloak_26_7_3_10000_g1
 */
public record KeycloakDataset(String name, long users) {
    static final String IDS_TABLE = "idbench_seed_ids";
    static final String ADMIN_TABLE = "idbench_admin";

    /** The dataset of this Keycloak version and size, of the identity generator's version. */
    public static KeycloakDataset of(long users) {
        return new KeycloakDataset(Dataset.COMPLETE_PREFIX + "keycloak_" + KeycloakSetup.VERSION.replace('.', '_') + "_" + users + "_g"
                + IdentityGenerator.VERSION, users);
    }

    /** Whether the server holds it, complete. {@code admin}: a connection to another database of the server. */
    public boolean kept(Connection admin) throws SQLException {
        return loaded(admin) != null;
    }

    /** The record of the seed that made it, or null when the server holds no complete copy. */
    public SeedRecord loaded(Connection admin) throws SQLException {
        try (PreparedStatement s = admin.prepareStatement(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next() || rs.getString(1) == null || !rs.getString(1).startsWith("{")) {
                    return null;
                }
                return Json.mapper().readValue(rs.getString(1), SeedRecord.class);
            }
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** {@code database} (Keycloak's, not in use) made afresh as a copy of the dataset; how long it took. */
    public Duration cloneTo(Connection admin, String database) throws SQLException {
        long t0 = System.nanoTime();
        try (Statement s = admin.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + database + " TEMPLATE " + name);
            DatasetStore.markClone(s, database, name);
        }
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /** Keeps {@code database} (seeded, its ids saved, Keycloak stopped) as this dataset, made by {@code seed}. */
    public void keep(Connection admin, String database, SeedRecord seed) throws SQLException {
        String comment;
        try {
            comment = Json.mapper().writeValueAsString(seed).replace("'", "''");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the seed's record could not be written: " + e.getOriginalMessage(), e);
        }
        try (Statement s = admin.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + name + " TEMPLATE " + database);
            s.execute("COMMENT ON DATABASE " + name + " IS '" + comment + "'");
        }
    }

    /**
     * Saves in Keycloak's own database what a later run needs of it: the ids Keycloak assigned (identity n at index
     * n - 1), and the password of the bootstrap administrator, which Keycloak creates only where none exists (a random
     * one of a loopback-only server, kept with the rest of the data directory).
     */
    public static void save(Connection keycloak, List<String> ids, String adminPassword) throws SQLException {
        try (Statement s = keycloak.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + IDS_TABLE + ", " + ADMIN_TABLE);
            s.execute("CREATE TABLE " + IDS_TABLE + " (n integer PRIMARY KEY, id text NOT NULL)");
            s.execute("CREATE TABLE " + ADMIN_TABLE + " (password text NOT NULL)");
        }
        try (PreparedStatement insert = keycloak.prepareStatement("INSERT INTO " + ADMIN_TABLE + " VALUES (?)")) {
            insert.setString(1, adminPassword);
            insert.execute();
        }
        try (PreparedStatement insert = keycloak.prepareStatement("INSERT INTO " + IDS_TABLE + " VALUES (?, ?)")) {
            for (int i = 0; i < ids.size(); i++) {
                insert.setInt(1, i + 1);
                insert.setString(2, ids.get(i));
                insert.addBatch();
                if (i % 1000 == 999) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        }
    }

    /** The bootstrap administrator's password saved with the dataset. */
    public String adminPassword(Connection keycloak) throws SQLException {
        try (Statement s = keycloak.createStatement(); ResultSet rs = s.executeQuery("SELECT password FROM " + ADMIN_TABLE)) {
            if (!rs.next()) {
                throw new IllegalStateException("dataset " + name + " holds no administrator password");
            }
            return rs.getString(1);
        }
    }

    /** The ids saved with the dataset, identity n at index n - 1. */
    public List<String> ids(Connection keycloak) throws SQLException {
        List<String> ids = new ArrayList<>((int) users);
        try (Statement s = keycloak.createStatement(); ResultSet rs = s.executeQuery("SELECT n, id FROM " + IDS_TABLE + " ORDER BY n")) {
            while (rs.next()) {
                if (rs.getInt(1) != ids.size() + 1) {
                    throw new IllegalStateException("dataset " + name + " lacks the id of identity " + (ids.size() + 1));
                }
                ids.add(rs.getString(2));
            }
        }
        if (ids.size() != users) {
            throw new IllegalStateException("dataset " + name + " holds " + ids.size() + " ids, expected " + users);
        }
        return ids;
    }
}
