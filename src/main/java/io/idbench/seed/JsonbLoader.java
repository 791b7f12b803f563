package io.idbench.seed;

import io.idbench.config.Storage;
import io.idbench.membership.DynamicGroups;
import io.idbench.store.StorageSchema;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;

/**
 * The JSONB storage's rows (db/jsonb/schema.sql): one scim_user row per identity with its
 * document, its hr and employee memberships, and its dynamic memberships as the service's
 * evaluator decides them on a save.
 */
final class JsonbLoader implements StorageLoader {
    /**
     * The COPYs the users are split over. One backend parsing every JSONB document was the load's bound (a 10M COPY took
     * 240 s, the generator 30 s of it), the other core mostly idle; past 8 the one generator bounds it.
     */
    static final int USER_STREAMS = Math.min(8, BulkLoad.PARALLELISM);

    private final IdentityGenerator generator;

    JsonbLoader(IdentityGenerator generator) {
        this.generator = generator;
    }

    @Override
    public List<String> tables() {
        return List.of(storage().userTable(), StorageSchema.membership(storage()), StorageSchema.dynamicMembership(storage()));
    }

    @Override
    public Storage storage() {
        return Storage.JSONB;
    }

    @Override
    public void copy(Database database, LoadInput input, SeedProgress progress, LongAdder generateNanos) throws SQLException {
        Instant at = IdentityGenerator.SEEDED_AT;
        try (CopySession session = new CopySession(database)) {
            // A backend parses, checks and stores every document of its COPY: one per core, the identities dealt round.
            CopyStream[] streams = new CopyStream[USER_STREAMS];
            for (int i = 0; i < streams.length; i++) {
                streams[i] = session.open("scim_user", "id, user_name, doc, password_hash, version, created, last_modified");
            }
            MembershipStreams memberships = new MembershipStreams(session, storage(), input);
            JsonbDocuments documents = new JsonbDocuments();
            for (long n = 1; n <= input.users(); n++) {
                CopyStream users = streams[(int) (n % streams.length)];
                long t0 = System.nanoTime();
                UUID id = IdentityGenerator.id(n);
                long identity = n;
                List<DynamicGroups.Group> matching = memberships.matching(id, () -> generator.body(identity));
                byte[] doc = documents.of(n);
                generateNanos.add(System.nanoTime() - t0);
                users.value(id).value(IdentityGenerator.userName(n)).value(doc).value(input.passwordHash(n)).value(1).value(at).value(at)
                        .endRow();
                memberships.write(id, matching);
                input.report(n, progress);
            }
            session.finish();
        }
        progress.step(input.users());
    }
}
