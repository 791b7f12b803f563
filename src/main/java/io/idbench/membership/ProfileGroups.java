package io.idbench.membership;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.ScimSchemas;
import java.util.ArrayList;
import java.util.List;

/**
 * The groups of the docs/workload.md profile: the static {@code ict}, {@code helpdesk}, {@code hr},
 * {@code employee}, and with dynamic memberships on ({@code --dyn=true}) the ten groups
 * {@code type-a} … {@code type-j} with the condition {@code userType eq "Type X"} (each about
 * 10% of the identities). With {@code --dyn=false} those ten do not exist. The store creates
 * them ({@code store/ProfileGroupSetup}).
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

    /** The body that creates a dynamic group of the profile. */
    public static ObjectNode body(Dynamic d, ObjectMapper json) {
        ObjectNode g = json.createObjectNode();
        g.putArray("schemas").add(ScimSchemas.GROUP_URN).add(ScimSchemas.DYNAMIC_GROUP_URN);
        g.put("displayName", d.displayName());
        g.putObject(ScimSchemas.DYNAMIC_GROUP_URN).put(DynamicGroups.CONDITION, d.condition());
        return g;
    }
}
