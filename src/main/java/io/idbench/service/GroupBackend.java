package io.idbench.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ResourceValidator.Validated;
import io.idbench.scim.filter.ListQuery;
import io.idbench.store.IdentityStore;
import io.idbench.store.ResultPage;
import io.idbench.store.StoredResource;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Groups: members are read only when the response wants them, and never more than
 * {@code memberLimit} of them (a bigger group answers 400 tooMany; page its members through
 * /Users?filter=groups.value eq "id" instead).
 */
final class GroupBackend implements Backend {
    private final IdentityStore store;
    private final int memberLimit;

    GroupBackend(IdentityStore store, int memberLimit) {
        this.store = store;
        this.memberLimit = memberLimit;
    }

    private int limit(boolean withMembers) {
        return withMembers ? memberLimit : 0;
    }

    @Override
    public StoredResource create(Validated group, boolean withMembers) {
        return store.createGroup(group.body(), limit(withMembers));
    }

    @Override
    public Optional<StoredResource> find(UUID id, boolean withMembers) {
        return store.findGroup(id, limit(withMembers));
    }

    @Override
    public StoredResource modify(UUID id, Long expectedVersion, boolean withMembers, Function<ObjectNode, Validated> change) {
        return store.modifyGroup(id, expectedVersion, memberLimit, current -> change.apply(current).body());
    }

    @Override
    public void delete(UUID id, Long expectedVersion) {
        store.deleteGroup(id, expectedVersion);
    }

    @Override
    public ResultPage search(ListQuery query, boolean withMembers) {
        return store.searchGroups(query, limit(withMembers));
    }
}
