package io.idbench.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ResourceValidator.Validated;
import io.idbench.scim.filter.ListQuery;
import io.idbench.store.IdentityStore;
import io.idbench.store.ResultPage;
import io.idbench.store.StoredResource;
import io.idbench.store.UserFields;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/** Users: the clear-text password is hashed here and never goes further. */
final class UserBackend implements Backend {
    private final IdentityStore store;
    private final PasswordHasher hasher;

    UserBackend(IdentityStore store, PasswordHasher hasher) {
        this.store = store;
        this.hasher = hasher;
    }

    @Override
    public StoredResource create(Validated user, boolean withMembers) {
        return store.createUser(user.body(), hash(user));
    }

    @Override
    public Optional<StoredResource> find(UUID id, boolean withMembers) {
        return store.findUser(id);
    }

    @Override
    public StoredResource modify(UUID id, Long expectedVersion, boolean withMembers, boolean loadMembers,
            Function<ObjectNode, Validated> change) {
        return store.modifyUser(id, expectedVersion, current -> {
            Validated v = change.apply(current);
            return new IdentityStore.Modified(v.body(), hash(v));
        });
    }

    @Override
    public void delete(UUID id, Long expectedVersion) {
        store.deleteUser(id, expectedVersion);
    }

    @Override
    public ResultPage search(ListQuery query, boolean withGroups, boolean withAttributes) {
        return store.searchUsers(query, new UserFields(withGroups, withAttributes));
    }

    private String hash(Validated user) {
        return user.password() == null ? null : hasher.hash(user.password());
    }
}
