package io.idbench.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.config.Storage;
import io.idbench.store.jsonb.JsonbIdentityStore;
import io.idbench.store.relational.RelationalIdentityStore;
import javax.sql.DataSource;

/** Opens the storage a run asked for (exhaustive: a new {@link Storage} does not compile until it is here). */
public final class IdentityStores {
    private IdentityStores() {
    }

    public static IdentityStore open(Storage storage, DataSource dataSource, ObjectMapper json) {
        return switch (storage) {
            case JSONB -> new JsonbIdentityStore(dataSource, json);
            case RELATIONAL -> new RelationalIdentityStore(dataSource, json);
        };
    }
}
