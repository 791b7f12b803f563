package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.RandomFilters;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.TestDatabase;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Thousands of generated hostile requests (mutated bodies, broken and oversized filters and paths,
 * control characters, wrong types, odd content types, stale versions) against a service holding a
 * few protected resources. Every answer is below 500, every error is SCIM error JSON with its
 * status, and the protected resources are byte for byte what they were (the slowest request is
 * printed: times are a benchmark's to judge, not a test's). Seeded: a failure names the request and replays. Runs once per storage.
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class HostileFuzzTest extends PerBackendServiceTest {
    /** Requests per storage: enough to reach every mutation many times, a few seconds of CI. */
    private static final int REQUESTS = 2_500;
    /** No single request may take longer (the slowest seen here is a few tens of ms). */
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] NASTY = {"", " ", "\u0000", "a\u0000b", "\u0001\u001f", "\uffff", "\ud83d\ude00", "\\ud800", "x\\udfff",
            "'",
            "\"", "\\", "%00", "${jndi:ldap://127.0.0.1/x}", "<script>", "' OR 1=1 --", "NaN", "-1", "9".repeat(40),
            "x".repeat(1_100), "é".repeat(600), "\u20ac".repeat(400), "urn:ietf:params:scim:schemas:core:2.0:User",
            "emails[type eq \"work\"", "not(".repeat(40), ")", "[", "]]", "W/\"1\"", "2018-13-45T99:99:99Z"};
    private static final String[] OPS = {"add", "replace", "remove", "ADD", "move", "", "copy"};
    private static final String[] CONTENT_TYPES = {"application/scim+json", "application/json", "text/plain",
            "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
            "application/scim+json; charset=latin1"};

    private Random random;
    private List<String> protectedIds;
    private Map<String, String> before;
    private final List<String> created = new ArrayList<>();
    /** A user new groups may take as a member: not protected, since that changes its groups. */
    private String memberId;

    @Test
    void hostileRequestsNeverGetA5xxNorChangeWhatTheyMustNot() {
        TestDatabase.deleteUsers();
        deleteGroups("fz-");
        random = new Random(7_919L + storage().ordinal());
        String alice = createUser("fz-alice", 1).id();
        String bob = createUser("fz-bob", 2).id();
        memberId = createUser("fz-member", 5).id();
        ObjectNode group = JSON.createObjectNode();
        group.putArray("schemas").add(GROUP_URN);
        group.put("displayName", "fz-group");
        group.putArray("members").addObject().put("value", alice);
        String groupId = scim.post("/Groups", group).id();
        protectedIds = List.of("/Users/" + alice, "/Users/" + bob, "/Groups/" + groupId);
        before = snapshot();

        List<Supplier<Response>> kinds = List.of(this::create, this::createGroup, this::searchGet, this::searchPost,
                this::get, this::patchStale, this::putStale, this::deleteStale, this::patchMissing, this::rawBody);
        Map<Integer, Integer> statuses = new TreeMap<>();
        long slowest = 0;
        for (int i = 0; i < REQUESTS; i++) {
            long t0 = System.nanoTime();
            Response r = kinds.get(random.nextInt(kinds.size())).get();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            slowest = Math.max(slowest, ms);
            statuses.merge(r.status(), 1, Integer::sum);
            assertThat(r.status()).as("request %d: %s", i, r).isLessThan(500);
            if (r.status() >= 400) {
                assertThat(r.header("Content-Type")).as("request %d: %s", i, r).startsWith("application/scim+json");
                assertThat(r.body().path("schemas").path(0).asText()).as("request %d: %s", i, r)
                        .isEqualTo("urn:ietf:params:scim:api:messages:2.0:Error");
                assertThat(r.body().path("status").asText()).isEqualTo(String.valueOf(r.status()));
            } else if (r.status() == 201 && r.body().has("id")) {
                created.add(r.header("Location"));
            }
        }
        assertThat(snapshot()).as("the protected resources").isEqualTo(before);
        System.out.printf("%s fuzz: %d requests, statuses %s, slowest %d ms, %d created%n", storage(), REQUESTS, statuses,
                slowest, created.size());
        assertThat(statuses.keySet()).as("refusals and successes both occur").contains(400, 201);
        deleteGroups("fz-");
    }

    private Map<String, String> snapshot() {
        Map<String, String> out = new TreeMap<>();
        protectedIds.forEach(p -> out.put(p, scim.get(p).body().toString()));
        return out;
    }

    // ---- request kinds ------------------------------------------------------------------

    private Response create() {
        return scim.post("/Users", mutate(profileUser("fz-" + random.nextInt(1_000_000), random.nextInt(1_000_000))));
    }

    private Response createGroup() {
        ObjectNode g = JSON.createObjectNode();
        g.putArray("schemas").add(GROUP_URN);
        g.put("displayName", "fz-g" + random.nextInt(1_000_000));
        g.putArray("members").addObject().put("value", pick(List.of("not-a-uuid", "00000000-0000-0000-0000-000000000000",
                memberId)));
        return scim.post("/Groups", mutate(g));
    }

    private Response searchGet() {
        String path = "/Users?filter=" + q(filter());
        if (random.nextInt(3) == 0) {
            path += "&attributes=" + q(nasty()) + "&sortBy=" + q(nasty()) + "&startIndex=" + q(nasty());
        }
        return scim.get(path);
    }

    private Response searchPost() {
        ObjectNode s = JSON.createObjectNode();
        s.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:SearchRequest");
        s.put("filter", filter());
        s.put("count", random.nextInt(5));
        return scim.post("/Users/.search", mutate(s));
    }

    private Response get() {
        String id = random.nextBoolean() ? pick(protectedIds) : "/Users/" + q(nasty());
        return scim.get(id + "?excludedAttributes=" + q(random.nextBoolean() ? nasty() : ENTERPRISE_URN));
    }

    private Response patchStale() {
        return scim.patch(pick(protectedIds), patchBody(), "W/\"999999\"");
    }

    private Response putStale() {
        return scim.put(protectedIds.get(random.nextInt(2)), mutate(profileUser("fz-put", 3)), "W/\"999999\"");
    }

    private Response deleteStale() {
        // Any tag but "*", which would rightly match.
        return scim.delete(pick(protectedIds), pick(List.of("W/\"999999\"", "\"abc\"", "W/-1", "garbage", "\"7\", W/\"x\"")));
    }

    private Response patchMissing() {
        return scim.patch("/Users/00000000-0000-4000-8000-" + String.format("%012d", random.nextInt(1_000_000)), patchBody(), null);
    }

    private Response rawBody() {
        String body = profileUser("fz-raw", 4).toString();
        int cut = random.nextInt(body.length());
        String broken = switch (random.nextInt(4)) {
            case 0 -> body.substring(0, cut);
            case 1 -> body.substring(0, cut) + nasty() + body.substring(cut);
            case 2 -> "[".repeat(2_000) + "]".repeat(2_000);
            default -> body;
        };
        return scim.send(random.nextBoolean() ? "POST" : "PATCH", random.nextBoolean() ? "/Users" : pick(protectedIds),
                BodyPublishers.ofString(broken), "Content-Type", pick(List.of(CONTENT_TYPES)), "If-Match", "W/\"999999\"");
    }

    // ---- generators ---------------------------------------------------------------------

    private ObjectNode patchBody() {
        ObjectNode body = JSON.createObjectNode();
        body.putArray("schemas").add(PATCH_URN);
        ArrayNode ops = body.putArray("Operations");
        for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
            ObjectNode op = ops.addObject().put("op", pick(List.of(OPS)));
            if (random.nextInt(4) > 0) {
                op.put("path", random.nextBoolean() ? pick(List.of("emails[type eq \"work\"].value", "name.givenName", "members",
                        "userType", ENTERPRISE_URN + ":employeeNumber", ENTERPRISE_URN, "displayName")) : nasty());
            }
            op.set("value", randomValue(2));
        }
        return (ObjectNode) mutate(body);
    }

    private String filter() {
        String valid = new RandomFilters(random, List.of(before.values().stream().map(ServiceTestBase::json)
                .toArray(JsonNode[]::new))).filter();
        return switch (random.nextInt(6)) {
            case 0 -> valid;
            case 1 -> valid.substring(0, random.nextInt(valid.length() + 1));
            case 2 -> {
                int at = random.nextInt(valid.length() + 1);
                yield valid.substring(0, at) + nasty() + valid.substring(at);
            }
            case 3 -> ("(" + valid + ") or ").repeat(1 + random.nextInt(60)) + valid;
            case 4 -> "userName eq \"" + nasty() + "\"";
            default -> nasty();
        };
    }

    /** The node with one random descendant replaced, removed, or given a sibling. */
    private JsonNode mutate(JsonNode root) {
        if (random.nextInt(8) == 0) {
            return root;
        }
        JsonNode copy = root.deepCopy();
        List<ContainerNode<?>> containers = new ArrayList<>();
        collect(copy, containers);
        ContainerNode<?> target = pick(containers);
        if (target instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.isEmpty() || random.nextInt(4) == 0 ? nasty() : pick(names);
            if (random.nextInt(5) == 0) {
                o.remove(name);
            } else {
                o.set(name, randomValue(3));
            }
        } else if (target instanceof ArrayNode a) {
            a.add(randomValue(3));
        }
        return copy;
    }

    private static void collect(JsonNode node, List<ContainerNode<?>> out) {
        if (node instanceof ContainerNode<?> c) {
            out.add(c);
            node.forEach(child -> collect(child, out));
        }
    }

    private JsonNode randomValue(int depth) {
        return switch (random.nextInt(depth > 0 ? 9 : 6)) {
            case 0 -> F.textNode(nasty());
            case 1 -> F.numberNode(random.nextLong());
            case 2 -> F.numberNode(random.nextDouble() * 1e300);
            case 3 -> F.booleanNode(random.nextBoolean());
            case 4 -> F.nullNode();
            case 5 -> F.textNode("fz-" + random.nextInt(1_000));
            case 6 -> {
                ArrayNode a = F.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    a.add(randomValue(depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    o.set(random.nextBoolean() ? nasty() : pick(List.of("value", "type", "primary", "display", "givenName")),
                            randomValue(depth - 1));
                }
                yield o;
            }
        };
    }

    private String nasty() {
        return pick(List.of(NASTY));
    }

    private <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
