package io.idbench.membership;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.DynamicGroups;
import io.idbench.store.IdentityStore;
import io.idbench.store.StoredResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The groups of the docs/workload.md profile: the static {@code ict}, {@code helpdesk}, {@code hr},
 * {@code employee}, and with dynamic memberships on ({@code --dyn=true}) the ten groups
 * {@code type-a} … {@code type-j} with the condition {@code userType eq "Type X"} (each about
 * 10% of the identities). With {@code --dyn=false} those ten do not exist.
 */
public final class ProfileGroups {
    public static final List<String> STATIC = List.of("ict", "helpdesk", "hr", "employee");
    public static final List<Dynamic> DYNAMIC = dynamicGroups();

    /** A dynamic group of the profile: its displayName and condition. */
    public record Dynamic(String displayName, String condition) {
    }

    private ProfileGroups() {
    }

    private static List<Dynamic> dynamicGroups() {
        List<Dynamic> out = new ArrayList<>();
        for (char x = 'A'; x <= 'J'; x++) {
            out.add(new Dynamic("type-" + Character.toLowerCase(x), "userType eq \"Type " + x + "\""));
        }
        return List.copyOf(out);
    }

    /**
     * Creates the static groups that are missing; creates, corrects or removes the ten dynamic
     * groups so that they exist exactly when {@code dyn} (their members are computed on creation).
     */
    public static void ensure(IdentityStore store, boolean dyn, ObjectMapper json) {
        store.ensureGroups(STATIC);
        FilterResolver groups = new FilterResolver(ScimSchemas.GROUP_TYPE);
        ResourceValidator validator = new ResourceValidator(ScimSchemas.GROUP_TYPE);
        for (Dynamic d : DYNAMIC) {
            List<StoredResource> found = store.searchGroups(new ListQuery(
                    groups.parse("displayName eq \"" + d.displayName() + "\""), null, 1, 1), 0).resources();
            Optional<StoredResource> existing = found.stream().findFirst();
            if (!dyn) {
                existing.ifPresent(g -> store.deleteGroup(g.id(), null));
            } else if (existing.isEmpty()) {
                store.createGroup(IdentityStore.namedGroupId(d.displayName()), validator.validateRequest(body(d, json)).body(), 0);
            } else if (!DynamicGroups.conditionText(existing.get().body()).equals(Optional.of(d.condition()))) {
                store.modifyGroup(existing.get().id(), null, 0, current -> {
                    current.putObject(ScimSchemas.DYNAMIC_GROUP_URN).put(DynamicGroups.CONDITION, d.condition());
                    return current;
                });
            }
        }
    }

    static ObjectNode body(Dynamic d, ObjectMapper json) {
        ObjectNode g = json.createObjectNode();
        g.putArray("schemas").add(ScimSchemas.GROUP_URN).add(ScimSchemas.DYNAMIC_GROUP_URN);
        g.put("displayName", d.displayName());
        g.putObject(ScimSchemas.DYNAMIC_GROUP_URN).put(DynamicGroups.CONDITION, d.condition());
        return g;
    }
}
