package io.idbench.targets;

import io.idbench.seed.CopySession;
import io.idbench.seed.CopyStream;
import io.idbench.seed.Database;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The workload's identities written straight into the tables of a stopped Keycloak, as its SCIM API writes them
 * ({@link KeycloakUser}): {@code user_entity}, their user-profile attributes, the realm's default role and membership of
 * the static groups. Every load first holds its rows against an identity the SCIM API itself created (user.1, made before
 * Keycloak stopped: {@link #check}) and refuses to go on where they differ, so a Keycloak that stores an identity otherwise
 * is caught, not imitated. Four COPYs at once, one per table, their foreign keys left unchecked while they run
 * ({@code session_replication_role = replica}: the rows are consistent by construction, and a COPY cannot see another's
 * uncommitted users), then VACUUM ANALYZE, as autovacuum would have left tables filled over hours. Keycloak must be stopped:
 * its caches know nothing of rows written behind it.
 */
public final class KeycloakBulkLoad {
    static final String USER_COLUMNS = "id, email, email_constraint, email_verified, enabled, federation_link, first_name, last_name,"
            + " realm_id, username, created_timestamp, service_account_client_link, not_before";
    static final List<String> TABLES = List.of("user_entity", "user_attribute", "user_role_mapping", "user_group_membership");
    /** The membership Keycloak records for a member added through its APIs (not through an organization). */
    static final String UNMANAGED = "UNMANAGED";
    private static final int PROGRESS_EVERY = 10_000;

    /** What the load needs of the realm: its id, its default role, and its static groups' ids in generator order. */
    record Realm(String id, String defaultRole, List<String> groups) {
        static Realm read(Connection c, String realm) throws SQLException {
            String id;
            String defaultRole;
            try (PreparedStatement s = c.prepareStatement("SELECT id, default_role FROM realm WHERE name = ?")) {
                s.setString(1, realm);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("Keycloak's database holds no realm " + realm);
                    }
                    id = rs.getString(1);
                    defaultRole = rs.getString(2);
                }
            }
            List<String> groups = new ArrayList<>();
            for (String name : IdentityGenerator.staticGroups()) {
                try (PreparedStatement s = c.prepareStatement("SELECT id FROM keycloak_group WHERE realm_id = ? AND name = ?")) {
                    s.setString(1, id);
                    s.setString(2, name);
                    try (ResultSet rs = s.executeQuery()) {
                        if (!rs.next()) {
                            throw new IllegalStateException("realm " + realm + " has no group " + name + ": make it before the load");
                        }
                        groups.add(rs.getString(1));
                    }
                }
            }
            return new Realm(id, defaultRole, List.copyOf(groups));
        }
    }

    /** The ids written (identity n at index n - 1), and how long the COPYs and the VACUUM took. */
    public record Result(List<String> ids, Duration copy, Duration vacuumAnalyze) {
    }

    private KeycloakBulkLoad() {
    }

    /** Loads user.{@code from} … user.{@code to} into {@code realm} of Keycloak's database {@code db} (Keycloak stopped). */
    public static Result load(Database db, String realm, long from, long to, IdentityGenerator generator, SeedProgress progress)
            throws SQLException {
        if (from < 1 || to > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "identities must be numbered 1 to " + (Integer.MAX_VALUE - 8) + ", were " + from + " … " + to);
        }
        Realm r;
        try (Connection c = db.connect()) {
            r = Realm.read(c, realm);
        }
        List<String> ids = new ArrayList<>((int) Math.max(0, to - from + 1));
        long now = System.currentTimeMillis();
        long t0 = System.nanoTime();
        progress.start("identities into Keycloak's tables", to - from + 1, "identities");
        try (CopySession session = new CopySession(unchecked(db))) {
            CopyStream user = session.open(TABLES.get(0), USER_COLUMNS);
            CopyStream attribute = session.open(TABLES.get(1), "name, value, user_id, id");
            CopyStream role = session.open(TABLES.get(2), "role_id, user_id");
            CopyStream member = session.open(TABLES.get(3), "group_id, user_id, membership_type");
            for (long n = from; n <= to; n++) {
                KeycloakUser u = KeycloakUser.of(generator, n);
                ids.add(u.id());
                user.value(u.id()).value(u.email()).value(u.email()).value(false).value(true).value(null).value(u.firstName())
                        .value(u.lastName()).value(r.id()).value(u.username()).value(now - (to - n)).value(null).value(0).endRow();
                for (var a : u.attributes().entrySet()) {
                    attribute.value(a.getKey()).value(a.getValue()).value(u.id()).value(KeycloakUser.attributeId(n, a.getKey())).endRow();
                }
                role.value(r.defaultRole()).value(u.id()).endRow();
                for (String group : r.groups()) {
                    member.value(group).value(u.id()).value(UNMANAGED).endRow();
                }
                if ((n - from + 1) % PROGRESS_EVERY == 0 || n == to) {
                    progress.step(n - from + 1);
                }
            }
            session.finish();
        }
        progress.end();
        long t1 = System.nanoTime();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String table : TABLES) {
                s.execute("VACUUM ANALYZE " + table);
            }
        }
        return new Result(List.copyOf(ids), Duration.ofNanos(t1 - t0), Duration.ofNanos(System.nanoTime() - t1));
    }

    /**
     * Holds what a load would write for {@code expected} against what Keycloak's SCIM API wrote for the same identity (created
     * over SCIM, a member of the static groups): every column, attribute, role and membership but the ids and times, or an
     * {@link IllegalStateException} naming each difference.
     */
    public static void check(Connection c, String realm, KeycloakUser expected) throws SQLException {
        Realm r = Realm.read(c, realm);
        List<String> scim = new ArrayList<>();
        String id;
        try (PreparedStatement s = c.prepareStatement("SELECT id, email, email_constraint, email_verified::text,"
                + " enabled::text, federation_link, first_name, last_name, service_account_client_link, not_before FROM user_entity WHERE realm_id = ? AND username = ?")) {
            s.setString(1, r.id());
            s.setString(2, expected.username());
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("Keycloak's database holds no user " + expected.username() + " in realm " + realm);
                }
                id = rs.getString(1);
                for (int i = 2; i <= 10; i++) {
                    scim.add(rs.getMetaData().getColumnName(i) + " " + rs.getString(i));
                }
            }
        }
        rows(c, "SELECT name, value FROM user_attribute WHERE user_id = ? ORDER BY name", id, rs -> "attribute " + rs.getString(1) + " "
                + rs.getString(2), scim);
        rows(c, "SELECT role_id FROM user_role_mapping WHERE user_id = ? ORDER BY role_id", id, rs -> "role " + rs.getString(1), scim);
        rows(c, "SELECT group_id, membership_type FROM user_group_membership WHERE user_id = ? ORDER BY group_id", id,
                rs -> "group " + rs.getString(1) + " " + rs.getString(2), scim);
        List<String> load = new ArrayList<>(List.of("email " + expected.email(), "email_constraint " + expected.email(),
                "email_verified false", "enabled true", "federation_link null", "first_name " + expected.firstName(),
                "last_name " + expected.lastName(), "service_account_client_link null", "not_before 0"));
        expected.attributes().forEach((name, value) -> load.add("attribute " + name + " " + value));
        load.add("role " + r.defaultRole());
        r.groups().stream().sorted().forEach(g -> load.add("group " + g + " " + UNMANAGED));
        List<String> onlyScim = new ArrayList<>(scim);
        onlyScim.removeAll(load);
        List<String> onlyLoad = new ArrayList<>(load);
        onlyLoad.removeAll(scim);
        if (!onlyScim.isEmpty() || !onlyLoad.isEmpty()) {
            throw new IllegalStateException("Keycloak's SCIM API stored " + expected.username() + " otherwise than a load into its tables"
                    + " would: it wrote " + (onlyScim.isEmpty() ? "nothing more" : String.join(", ", onlyScim)) + "; the load would write "
                    + (onlyLoad.isEmpty() ? "nothing more" : String.join(", ", onlyLoad)));
        }
    }

    private interface Row {
        String of(ResultSet rs) throws SQLException;
    }

    private static void rows(Connection c, String sql, String id, Row row, List<String> into) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    into.add(row.of(rs));
                }
            }
        }
    }

    /** The database reached by sessions whose foreign-key triggers do not fire (superuser: idbench's own server). */
    static Database unchecked(Database db) {
        String options = "options=-c%20session_replication_role%3Dreplica";
        return new Database(db.jdbcUrl() + (db.jdbcUrl().contains("?") ? "&" : "?") + options, db.user(), db.password());
    }
}
