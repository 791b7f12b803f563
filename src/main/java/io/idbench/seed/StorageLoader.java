package io.idbench.seed;

import io.idbench.config.Storage;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Streams identities into one storage's tables with COPY. The tables are empty and have no keys
 * or indexes while it runs ({@link BulkLoad} drops and restores them); every row is exactly what
 * the service writes for the same user.
 */
interface StorageLoader {

    /** The tables the load writes, in dependency order (referenced first). */
    List<String> tables();

    /** The storage whose tables it writes. */
    Storage storage();

    /**
     * Copies identities 1 … {@code input.users()}, reporting the number done to {@code progress}
     * every {@link LoadInput#REPORT_EVERY}; time spent generating rows (not writing them) is added
     * to {@code generateNanos}.
     */
    void copy(Database database, LoadInput input, SeedProgress progress, LongAdder generateNanos) throws SQLException;

    /** The loader of {@code storage} (exhaustive: a new {@link Storage} does not compile until it is here). */
    static StorageLoader of(Storage storage, IdentityGenerator generator) {
        return switch (storage) {
            case JSONB -> new JsonbLoader(generator);
            case RELATIONAL -> new RelationalLoader(generator);
        };
    }
}
