package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * What Microsoft Entra ID (its default dialect and the aadOptscim062020 flag) and Okta send as provisioning clients, asked of a
 * target once, on three probe identities and a probe group it then deletes: each request a client sends that the target
 * refuses, or reads otherwise than the client means it, is a sentence naming the client and what happened. A SCIM server
 * these clients provision must accept all of it (docs/service.md, "Provisioning clients").
 */
final class DialectProbe {
    private static final String PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
    private final ScimClient client;
    private final List<String> differences = new ArrayList<>();

    DialectProbe(ScimClient client) {
        this.client = client;
    }

    List<String> differences() {
        List<String> users = new ArrayList<>();
        String group = null;
        try {
            for (int i = 0; i < 3; i++) {
                ScimClient.Answer created = client.post("/Users", TargetProbe.probeIdentity());
                if (!created.is(201) || created.body() == null) {
                    differences.add("provisioning clients: a probe identity could not be created: " + created.status());
                    return differences;
                }
                users.add(created.body().path("id").asText());
            }
            lookups();
            users(users);
            group = group(users);
        } finally {
            if (group != null) {
                client.delete("/Groups/" + group);
            }
            users.forEach(id -> client.delete("/Users/" + id));
        }
        return differences;
    }

    /** Both clients look an object up before they create it: no match is 200 with no resource, never an error. */
    private void lookups() {
        String nobody = "nobody." + UUID.randomUUID();
        lookup("Entra ID's user lookup", client.list("Users", "userName eq \"" + nobody + "\"", ""));
        lookup("Okta's user lookup", client.list("Users", "userName eq \"" + nobody + "\"", "startIndex=1&count=100"));
        lookup("Entra ID's group lookup", client.list("Groups", "displayName eq \"" + nobody + "\"", "excludedAttributes=members"));
    }

    private void lookup(String who, ScimClient.Answer a) {
        if (!a.is(200) || a.body() == null || a.body().path("totalResults").asLong(-1) != 0) {
            String answer = a.body() != null && a.body().has("totalResults") ? "with totalResults " + a.body().path("totalResults")
                    : detail(a);
            differences.add(who + " of an object that is not there answered " + a.status() + " " + answer + ", not 200 with none");
        }
    }

    private void users(List<String> users) {
        String one = users.get(0);
        expect(one, "Entra ID's default PATCH of active as text", ops(op("Replace", "active", Json.mapper().getNodeFactory()
                .textNode("False"))), "/active", "false");
        expect(users.get(1), "Entra ID's path-less replace with dotted keys (aadOptscim062020)",
                ops(op("replace", null, Json.mapper().createObjectNode().put("name.givenName", "Dotted"))), "/name/givenName", "Dotted");
        expect(users.get(2), "Okta's deactivation", ops(op("replace", null, Json.mapper().createObjectNode().put("active", false))),
                "/active", "false");
        ScimClient.Answer duplicate = client.post("/Users", withName(TargetProbe.probeIdentity(), client.get("/Users/" + one).body()));
        if (!duplicate.is(409)) {
            differences.add("provisioning clients: a duplicate userName answered " + duplicate.status() + ", not 409");
        }
    }

    /** A user PATCH a client sends, and the value it then expects at pointer. */
    private void expect(String id, String what, ObjectNode patch, String pointer, String expected) {
        ScimClient.Answer a = client.patch("/Users/" + id, patch);
        if (!a.is(200) && !a.is(204)) {
            differences.add(what + " refused: " + a.status() + " " + detail(a));
            return;
        }
        JsonNode stored = client.get("/Users/" + id).body();
        String actual = stored == null ? null : stored.at(pointer).asText(null);
        if (!expected.equals(actual)) {
            differences.add(what + " accepted but " + pointer.substring(1).replace('/', '.') + " is " + actual + ", not " + expected);
        }
    }

    /** Created empty, then filled, then changed as each client changes members; the group's id, or null. */
    private String group(List<String> users) {
        ObjectNode g = Json.mapper().createObjectNode();
        g.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:Group");
        g.put("displayName", "Probe group " + UUID.randomUUID());
        g.putArray("members");
        ScimClient.Answer created = client.post("/Groups", g);
        if (!created.is(201) || created.body() == null) {
            differences.add("provisioning clients: an empty group could not be created: " + created.status() + " " + detail(created));
            return null;
        }
        String id = created.body().path("id").asText();
        String a = users.get(0);
        String b = users.get(1);
        String c = users.get(2);
        members(id, "Entra ID's Add of members", ops(op("Add", "members", values(a, b, c))), Set.of(a, b, c));
        members(id, "Entra ID's default Remove of members with a value array", ops(op("Remove", "members", values(a))),
                Set.of(b, c));
        ObjectNode okta = ops(op("remove", "members[value eq \"" + b + "\"]", null), op("add", "members", values(a)));
        ((ObjectNode) okta.path("Operations").get(1).path("value").get(0)).put("display", "probe");
        members(id, "Okta's group push (remove by filter, add with display)", okta, Set.of(a, c));
        ObjectNode rename = Json.mapper().createObjectNode().put("id", id).put("displayName", "Probe group renamed " + UUID.randomUUID());
        ScimClient.Answer renamed = client.patch("/Groups/" + id, ops(op("replace", null, rename)));
        if (!renamed.is(200) && !renamed.is(204)) {
            differences
                    .add("Okta's rename (a path-less replace naming the group's id) refused: " + renamed.status() + " " + detail(renamed));
        }
        return id;
    }

    private void members(String group, String what, ObjectNode patch, Set<String> expected) {
        ScimClient.Answer a = client.patch("/Groups/" + group, patch);
        if (!a.is(200) && !a.is(204)) {
            differences.add(what + " refused: " + a.status() + " " + detail(a));
            return;
        }
        Set<String> actual = new TreeSet<>();
        JsonNode g = client.get("/Groups/" + group + "?attributes=members").body();
        if (g != null) {
            g.path("members").forEach(m -> actual.add(m.path("value").asText()));
        }
        if (!actual.equals(new TreeSet<>(expected))) {
            long stayed = actual.stream().filter(m -> !expected.contains(m)).count();
            long gone = expected.stream().filter(m -> !actual.contains(m)).count();
            differences.add(what + " left " + actual.size() + " of the probe's members where " + expected.size() + " were meant ("
                    + (stayed > 0 ? stayed + " it was asked to remove still there" : "") + (stayed > 0 && gone > 0 ? ", " : "")
                    + (gone > 0 ? gone + " meant to be there missing" : "") + ")");
        }
    }

    private static ObjectNode withName(ObjectNode user, JsonNode existing) {
        return user.put("userName", existing == null ? "missing" : existing.path("userName").asText());
    }

    private static JsonNode values(String... ids) {
        var array = Json.mapper().createArrayNode();
        for (String id : ids) {
            array.addObject().put("value", id);
        }
        return array;
    }

    private static ObjectNode op(String name, String path, JsonNode value) {
        ObjectNode o = Json.mapper().createObjectNode().put("op", name);
        if (path != null) {
            o.put("path", path);
        }
        if (value != null) {
            o.set("value", value);
        }
        return o;
    }

    private static ObjectNode ops(ObjectNode... operations) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.putArray("schemas").add(PATCH_OP);
        body.putArray("Operations").addAll(List.of(operations));
        return body;
    }

    private static String detail(ScimClient.Answer a) {
        String d = a.body() != null && a.body().has("detail") ? a.body().path("detail").asText() : a.text();
        return d == null ? "" : d.length() > 160 ? d.substring(0, 160) + "…" : d;
    }
}
