package io.idbench.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ResourceValidator.Validated;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.patch.MemberPatch;
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
    public StoredResource modify(UUID id, Long expectedVersion, boolean withMembers, boolean loadMembers,
            Function<ObjectNode, Validated> change) {
        if (loadMembers) {
            return store.modifyGroup(id, expectedVersion, memberLimit, current -> change.apply(current).body());
        }
        // The change leaves members alone: it sees none, writes none, and works on a group of any size.
        StoredResource changed = store.modifyGroup(id, expectedVersion, 0, current -> change.apply(current).body());
        return withMembers ? membersIfWithinLimit(id, changed) : changed;
    }

    /** The group with its members when they are within the limit, else as it is (without them). */
    private StoredResource membersIfWithinLimit(UUID id, StoredResource withoutMembers) {
        try {
            return store.findGroup(id, memberLimit).orElse(withoutMembers);
        } catch (ScimException e) {
            if (!"tooMany".equals(e.scimType())) {
                throw e;
            }
            return withoutMembers;
        }
    }

    /**
     * Member additions and removals by value go straight to the membership rows. The response
     * carries the members when asked for and not more than the limit (else it leaves them out).
     */
    @Override
    public Optional<StoredResource> patchDirectly(UUID id, Long expectedVersion, JsonNode request, boolean withMembers) {
        Optional<MemberPatch> patch = MemberPatch.of(request);
        if (patch.isEmpty()) {
            return Optional.empty();
        }
        StoredResource changed = store.changeGroupMembers(id, expectedVersion, patch.get().add(), patch.get().remove());
        return Optional.of(withMembers ? membersIfWithinLimit(id, changed) : changed);
    }

    @Override
    public void delete(UUID id, Long expectedVersion) {
        store.deleteGroup(id, expectedVersion);
    }

    @Override
    public ResultPage search(ListQuery query, boolean withMembers, boolean withAttributes) {
        return store.searchGroups(query, limit(withMembers));
    }
}
