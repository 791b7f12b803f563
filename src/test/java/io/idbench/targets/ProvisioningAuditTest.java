package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.CycleMix;
import io.idbench.config.Storage;
import io.idbench.seed.provisioning.ProvisioningSchedule;
import io.idbench.seed.provisioning.Step;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The auditor against idbench's service, provisioned by a schedule's steps sent as plain SCIM: it finds nothing to say; then
 * the service's state is spoiled one object at a time, and each spoilt object is named.
 */
@StartsServers
class ProvisioningAuditTest extends ServiceTestBase {
    private static final String PREFIX = "prov.audit";

    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    @Override
    protected int maxResults() {
        return 5;
    }

    /** The steps as a client means them, without any client's dialect. */
    private Map<String, String> apply(ProvisioningSchedule s, ScimClient client) {
        Map<String, String> ids = new HashMap<>();
        for (Step x : s.steps()) {
            switch (x.kind()) {
                case CREATE_USER -> {
                    ObjectNode u = profileUser(x.user(), 1_000 + ids.size());
                    ids.put(x.user(), client.post("/Users", u).body().path("id").asText());
                }
                case UPDATE_USER -> client.patch("/Users/" + ids.get(x.user()), patchOp("replace", "title", x.value()));
                case DEACTIVATE_USER -> client.patch("/Users/" + ids.get(x.user()), patchOp("replace", "active", false));
                case DELETE_USER -> client.delete("/Users/" + ids.get(x.user()));
                case CREATE_GROUP -> {
                    ObjectNode g = Json.mapper().createObjectNode();
                    g.putArray("schemas").add(GROUP_URN);
                    g.put("displayName", x.group());
                    ids.put(x.group(), client.post("/Groups", g).body().path("id").asText());
                }
                case ADD_MEMBER -> client.patch("/Groups/" + ids.get(x.group()), patchOp("add", "members",
                        Json.mapper().createArrayNode().add(Json.mapper().createObjectNode().put("value", ids.get(x.user())))));
                case REMOVE_MEMBER -> client.patch("/Groups/" + ids.get(x.group()),
                        patchOp("remove", "members[value eq \"" + ids.get(x.user()) + "\"]", null));
            }
        }
        return ids;
    }

    @Test
    void aFaithfulTargetPassesAndEverySpoiltObjectIsNamed() {
        deleteGroups(PREFIX);
        ScimClient client = new ScimClient(server.baseUrl(), TokenSource.fixed(TOKEN));
        ProvisioningSchedule s = ProvisioningSchedule.of(new ProvisioningSchedule.Settings(PREFIX, 12, 3, 2, 2, 6, CycleMix.DEFAULT, 0, 7));
        Map<String, String> ids = apply(s, client);
        // The service answers pages of 5 where the audit asks for 1,000 (as Keycloak caps them at 100): read page by page.
        ProvisioningAudit audit = new ProvisioningAudit(client.pages());
        assertThat(audit.mismatches(PREFIX, s.intended())).isEmpty();

        String member = s.intended().groups().get(PREFIX + ".g2").iterator().next();
        client.patch("/Groups/" + ids.get(PREFIX + ".g2"), patchOp("remove", "members[value eq \"" + ids.get(member) + "\"]", null));
        String active = s.intended().users().entrySet().stream().filter(e -> e.getValue().active()).findFirst().orElseThrow().getKey();
        client.patch("/Users/" + ids.get(active), patchOp("replace", "active", false));
        client.post("/Users", profileUser(PREFIX + ".stray", 9_999));
        assertThat(audit.mismatches(PREFIX, s.intended())).containsExactlyInAnyOrder(
                "user " + active + ": active false, meant true",
                "user " + PREFIX + ".stray: present, meant deleted or never created",
                "group " + PREFIX + ".g2: " + (s.intended().groups().get(PREFIX + ".g2").size() - 1) + " members, meant "
                        + s.intended().groups().get(PREFIX + ".g2").size() + "; lacks " + member);
    }
}
