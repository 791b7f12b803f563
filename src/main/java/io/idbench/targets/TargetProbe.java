package io.idbench.targets;

import com.fasterxml.jackson.core.type.TypeReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.record.Target;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.QueryAnswers;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * What a target says it can do, and what it actually stores of the workload's identities: its
 * /ServiceProviderConfig, /ResourceTypes and /Schemas (RFC 7644 section 4), and one probe
 * identity created, read back and deleted, and what provisioning clients send ({@link DialectProbe}). Every difference
 * from what idbench's workload asks
 * becomes a sentence in the run's record and on its page, so that a figure is never read as the
 * cost of work the target did not do.
 */
public final class TargetProbe {
    private final ScimClient client;

    public TargetProbe(ScimClient client) {
        this.client = client;
    }

    private static final TypeReference<Map<String, Object>> DOCUMENT = new TypeReference<>() {
    };

    /** {@link #probe(long)} of a target not seeded by this run. */
    public Target probe() {
        return probe(0);
    }

    /**
     * The record's {@code target}: the discovery documents (or why one could not be read) and the differences found; with
     * users > 0, the target holds identities 1..users as seeded, and plan 4's two query shapes are asked once each.
     */
    public Target probe(long users) {
        List<String> differences = new ArrayList<>();
        ScimClient.Answer spc = discovery("/ServiceProviderConfig", differences);
        ScimClient.Answer types = discovery("/ResourceTypes", differences);
        ScimClient.Answer schemas = discovery("/Schemas", differences);
        if (found(spc)) {
            capabilities(spc.body(), differences);
        }
        storedIdentity(differences);
        differences.addAll(new DialectProbe(client).differences());
        if (users > 0 && users <= QueryAnswers.MAX_USERS) {
            queries(users, differences);
        }
        return new Target(found(spc) ? Json.mapper().convertValue(spc.body(), DOCUMENT) : null, unavailable(spc, "/ServiceProviderConfig"),
                found(types) ? names(types.body(), "name") : null, unavailable(types, "/ResourceTypes"),
                found(schemas) ? names(schemas.body(), "id") : null, unavailable(schemas, "/Schemas"), differences);
    }

    private ScimClient.Answer discovery(String path, List<String> differences) {
        ScimClient.Answer a = client.get(path);
        if (!found(a)) {
            differences.add(unavailable(a, path) + " (RFC 7644 4 requires it)");
        }
        return a;
    }

    private static boolean found(ScimClient.Answer a) {
        return a.is(200) && a.body() != null;
    }

    private static String unavailable(ScimClient.Answer a, String path) {
        return found(a) ? null : "GET " + path + " answered " + a.status();
    }

    private static List<String> names(JsonNode listOrArray, String field) {
        JsonNode items = listOrArray.has("Resources") ? listOrArray.path("Resources") : listOrArray;
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.path(field).asText()));
        return out;
    }

    private static void capabilities(JsonNode spc, List<String> differences) {
        if (!spc.path("sort").path("supported").asBoolean(false)) {
            differences.add("sortBy ignored (sort not supported): plan 1's search is not sorted");
        }
        long max = spc.path("filter").path("maxResults").asLong(0);
        if (max > 0 && max < 1000) {
            differences.add("count capped at " + max + " (filter.maxResults)");
        }
        if (!spc.path("patch").path("supported").asBoolean(false)) {
            differences.add("PATCH not supported: the updates of plans 1 and 4 fail");
        }
        if (!spc.path("etag").path("supported").asBoolean(false)) {
            differences.add("no ETags (versions are neither returned nor checked)");
        }
    }

    /** One identity of the workload, created, read back and deleted: what the target kept of it. */
    private void storedIdentity(List<String> differences) {
        ObjectNode sent = probeIdentity();
        ScimClient.Answer created = client.post("/Users", sent);
        if (!created.is(201) || created.body() == null || !created.body().path("id").isTextual()) {
            differences.add("the probe identity could not be created: " + created.status() + " " + created.text());
            return;
        }
        String id = created.body().path("id").asText();
        try {
            if (created.body().has("password")) {
                differences.add("the password is echoed back in the 201 (RFC 7643: returned never)");
            }
            ScimClient.Answer read = client.get("/Users/" + id);
            if (!read.is(200) || read.body() == null) {
                differences.add("the probe identity could not be read back: " + read.status());
                return;
            }
            compare("", sent, read.body(), differences);
        } finally {
            client.delete("/Users/" + id);
        }
    }

    /**
     * Identity 1's attributes under a name of its own (mixed case: does the target keep it?), its unique attributes outside
     * any seeded range (identity N has ssn 100,000,000 + N), so that a seeded target accepts it.
     */
    static ObjectNode probeIdentity() {
        String name = "Probe." + UUID.randomUUID();
        ObjectNode sent = ScimSeeder.resource(new IdentityGenerator(Json.mapper()), 1);
        sent.put("userName", name);
        ((ObjectNode) sent.path("emails").get(0)).put("value", name.toLowerCase(Locale.ROOT) + "@example.org");
        ((ObjectNode) sent.path("name")).put("givenName", "fn_" + name).put("familyName", "sn_" + name);
        long unique = 900_000_000_000L + java.util.concurrent.ThreadLocalRandom.current().nextLong(99_000_000_000L);
        ((ObjectNode) sent.path(ScimSchemas.ENTERPRISE_URN)).put("employeeNumber", "E-" + name);
        ((ObjectNode) sent.path("phoneNumbers").get(0)).put("value", "+1 555 " + unique);
        ((ObjectNode) sent.path(ScimSchemas.PROFILE_URN)).put("ssn", unique).put("badge", unique + 1);
        return sent;
    }

    /** Plan 4's queries, one question each whose answer among the seeded identities is not 0: does the target count right? */
    private void queries(long users, List<String> differences) {
        List<QueryAnswers.Row> rows = QueryAnswers.rows(users, QueryAnswers.ROWS);
        String type = "userType eq \"" + QueryAnswers.QUERIED_TYPE + "\" and ";
        rows.stream().filter(r -> r.aboveFloor() > 0).findFirst().ifPresent(r -> count(type + ScimSchemas.PROFILE_URN + ":ssn gt "
                + r.ssnFloor(), r.aboveFloor(), "plan 4's \"Query by type and value range\"", differences));
        rows.stream().filter(r -> r.byEmail() == 1).findFirst().ifPresent(r -> count(type + "emails.value eq \"user." + r.n()
                + "@example.org\"", 1, "plan 4's \"Query by type and e-mail\"", differences));
    }

    private void count(String filter, long expected, String what, List<String> differences) {
        ScimClient.Answer a = client.list("Users", filter, "count=1");
        long found = a.is(200) && a.body() != null ? a.body().path("totalResults").asLong(-1) : -1;
        if (found != expected) {
            differences.add("filter " + filter + " " + (a.is(200) ? "found " + found : "answered " + a.status()) + ", the seeded"
                    + " identities hold " + expected + ": " + what + " fails its count check, every sample an error");
        }
    }

    private static void compare(String path, JsonNode sent, JsonNode stored, List<String> differences) {
        for (Iterator<Map.Entry<String, JsonNode>> it = sent.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            String name = f.getKey();
            if (name.equals("schemas") || name.equals("password")) {
                continue;
            }
            String p = name.startsWith("urn:") ? shortUrn(name) : path.isEmpty() ? name : path + "." + name;
            JsonNode v = f.getValue();
            JsonNode s = stored.get(name);
            if (s == null || s.isNull()) {
                differences.add(p + " not stored (sent, not returned)");
            } else if (v.isObject()) {
                compare(p, v, s, differences);
            } else if (v.isArray()) {
                if (s.size() < v.size()) {
                    differences.add(p + ": " + v.size() + " values sent, " + s.size() + " stored");
                }
            } else if (v.isNumber() && s.isTextual()) {
                differences.add(p + " stored as a string (sent as a number)");
            } else if (!v.asText().equals(s.asText())) {
                differences.add(p + (v.asText().equalsIgnoreCase(s.asText()) ? " case changed: sent " : " changed: sent ") + v.asText()
                        + ", stored " + s.asText());
            }
        }
    }

    /** "enterprise" for the enterprise extension's URN, "profile" for idbench's. */
    private static String shortUrn(String urn) {
        return urn.replaceAll(".*:extension:([^:]+):.*", "$1");
    }
}
