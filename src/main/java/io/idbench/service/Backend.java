package io.idbench.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ResourceValidator.Validated;
import io.idbench.scim.filter.ListQuery;
import io.idbench.store.ResultPage;
import io.idbench.store.StoredResource;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * What differs between Users and Groups on their way to the store (passwords; members and their
 * size limit). Everything else about a resource endpoint exists once, in {@link ResourceEndpoints}.
 */
interface Backend {

    StoredResource create(Validated resource, boolean withMembers);

    Optional<StoredResource> find(UUID id, boolean withMembers);

    /**
     * @param withMembers whether the response wants the members
     * @param loadMembers whether {@code change} needs them (a PUT, a PATCH touching members)
     */
    StoredResource modify(UUID id, Long expectedVersion, boolean withMembers, boolean loadMembers,
            Function<ObjectNode, Validated> change);

    void delete(UUID id, Long expectedVersion);

    /**
     * @param withMembers    whether the response wants the membership attribute (a group's members, a user's groups)
     * @param withAttributes whether it wants any attribute beyond the name and the membership
     */
    ResultPage search(ListQuery query, boolean withMembers, boolean withAttributes);

    /** Applies a PATCH the cheap way when its shape allows; empty when it must go the general way. */
    default Optional<StoredResource> patchDirectly(UUID id, Long expectedVersion, JsonNode request, boolean withMembers) {
        return Optional.empty();
    }
}
