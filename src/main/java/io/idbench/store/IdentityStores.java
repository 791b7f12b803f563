package io.idbench.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.store.jsonb.JsonbIdentityStore;
import io.idbench.store.relational.RelationalIdentityStore;
import javax.sql.DataSource;

/** Opens the storage a run asked for, by the name scenarios use. */
public final class IdentityStores {
    private IdentityStores() {
    }

    public static IdentityStore open(String storage, DataSource dataSource, ObjectMapper json) {
        switch (storage) {
            case "jsonb":
                return new JsonbIdentityStore(dataSource, json);
            case "relational":
                return new RelationalIdentityStore(dataSource, json);
            default:
                throw new IllegalArgumentException("Unknown storage '" + storage + "'");
        }
    }
}
