package io.idbench.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.membership.DynamicGroups;
import io.idbench.membership.ProfileGroups;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import java.util.List;
import java.util.Optional;

/** Brings a store's groups to the profile's ({@link ProfileGroups}), at start-up and after seeding. */
public final class ProfileGroupSetup {
    private ProfileGroupSetup() {
    }

    /**
     * Creates the static groups that are missing; creates, corrects or removes the ten dynamic
     * groups so that they exist exactly when {@code dyn} (their members are computed on creation).
     */
    public static void ensure(IdentityStore store, boolean dyn, ObjectMapper json) {
        store.ensureGroups(ProfileGroups.STATIC);
        FilterResolver groups = new FilterResolver(ScimSchemas.GROUP_TYPE);
        ResourceValidator validator = new ResourceValidator(ScimSchemas.GROUP_TYPE);
        for (ProfileGroups.Dynamic d : ProfileGroups.DYNAMIC) {
            List<StoredResource> found = store.searchGroups(new ListQuery(
                    groups.parse("displayName eq \"" + d.displayName() + "\""), null, 1, 1), 0).resources();
            Optional<StoredResource> existing = found.stream().findFirst();
            if (!dyn) {
                existing.ifPresent(g -> store.deleteGroup(g.id(), null));
            } else if (existing.isEmpty()) {
                store.createGroup(IdentityStore.namedGroupId(d.displayName()),
                        validator.validateRequest(ProfileGroups.body(d, json)).body(), 0);
            } else if (!DynamicGroups.conditionText(existing.get().body()).equals(Optional.of(d.condition()))) {
                store.modifyGroup(existing.get().id(), null, 0, current -> {
                    current.putObject(ScimSchemas.DYNAMIC_GROUP_URN).put(DynamicGroups.CONDITION, d.condition());
                    return current;
                });
            }
        }
    }
}
