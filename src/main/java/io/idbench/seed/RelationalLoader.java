package io.idbench.seed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.membership.DynamicGroups;
import io.idbench.store.StorageSchema;
import io.idbench.store.relational.EavRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;

/**
 * The relational (EAV) storage's rows (db/relational/schema.sql), from the store's own mapper
 * ({@link EavRows}): r_user, one u_attr row per attribute, one u_value row per leaf value
 * (about 30 per identity: the bulk of the load, so it goes to two COPY sessions that the server
 * parses on both cores), u_unique_value, and the memberships. Value ids are numbered from 1 and
 * the sequence is moved past them, as if the service had drawn them.
 */
final class RelationalLoader implements StorageLoader {
    /** u_value rows go to this many COPY sessions, identity by identity. */
    private static final int VALUE_STREAMS = 2;
    private static final String VALUE_COLUMNS = "id, owner_id, schema_id, idx, " + String.join(", ", EavRows.VALUE_COLUMNS);

    private final IdentityGenerator generator;

    RelationalLoader(IdentityGenerator generator) {
        this.generator = generator;
    }

    @Override
    public List<String> tables() {
        return List.of(storage().userTable(), "u_attr", "u_value", "u_unique_value", StorageSchema.membership(storage()),
                StorageSchema.dynamicMembership(storage()));
    }

    @Override
    public Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    public void copy(Database database, LoadInput input, SeedProgress progress, LongAdder generateNanos) throws SQLException {
        EavRows eav;
        try (Connection c = database.connect()) {
            eav = EavRows.users(c);
        }
        Instant at = IdentityGenerator.SEEDED_AT;
        long valueId = 0;
        try (CopySession session = new CopySession(database)) {
            CopyStream users = session.open("r_user", "id, user_name, password_hash, version, created, last_modified");
            CopyStream attrs = session.open("u_attr", "owner_id, schema_id");
            CopyStream[] values = new CopyStream[VALUE_STREAMS];
            for (int i = 0; i < VALUE_STREAMS; i++) {
                values[i] = session.open("u_value", VALUE_COLUMNS);
            }
            CopyStream uniques = session.open("u_unique_value", "schema_id, value, owner_id");
            MembershipStreams memberships = new MembershipStreams(session, storage(), input);
            for (long n = 1; n <= input.users(); n++) {
                long t0 = System.nanoTime();
                UUID id = IdentityGenerator.id(n);
                ObjectNode body = generator.body(n);
                EavRows.UserRows rows = eav.user(body);
                List<DynamicGroups.Group> matching = memberships.matching(id, () -> body);
                generateNanos.add(System.nanoTime() - t0);
                users.value(id).value(body.get("userName").textValue()).value(input.passwordHash(n)).value(1).value(at).value(at)
                        .endRow();
                for (short schema : rows.attributes()) {
                    attrs.value(id).value(schema).endRow();
                }
                CopyStream v = values[(int) (n % VALUE_STREAMS)];
                for (EavRows.Value value : rows.values()) {
                    v.value(++valueId).value(id).value(value.schemaId()).value(value.idx());
                    for (int column = 0; column < EavRows.VALUE_COLUMNS.size(); column++) {
                        v.value(column == value.column() ? value.value() : null);
                    }
                    v.endRow();
                }
                for (Map.Entry<Short, String> u : rows.uniques().entrySet()) {
                    uniques.value(u.getKey()).value(u.getValue()).value(id).endRow();
                }
                memberships.write(id, matching);
                input.report(n, progress);
            }
            session.finish();
        }
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            // The service draws value ids 50 at a time (Hibernate's pooled optimizer): start past ours.
            s.execute("SELECT setval('u_value_seq', " + (valueId + 50) + ")");
        }
        progress.step(input.users());
    }
}
