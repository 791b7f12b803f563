package io.idbench.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Random identities and random filters from the SCIM filter grammar (RFC 7644 §3.4.2.2): every
 * operator, and/or/not, grouping, value paths, sub-attributes, schema-qualified and oddly-cased
 * attribute names. Comparison values are drawn from the seeded data (in random letter case) so
 * filters match something; sometimes they are random, so they match nothing.
 */
public final class RandomFilters {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CORE = "urn:ietf:params:scim:schemas:core:2.0:User:";
    private static final String PROFILE = "urn:idbench:params:scim:schemas:extension:profile:2.0:User";
    private static final String ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
    private static final String[] GIVEN = {"Alice", "alice", "ALICE", "Bob", "bob", "Carol", "Dave", "Eve", "Zoë"};
    private static final String[] FAMILY = {"Smith", "smith", "Jones", "Brown", "Miller", "Davis", "van Dyke", "O'Neil"};
    private static final String[] DOMAINS = {"example.org", "Example.COM", "corp.example.net"};
    private static final String[] TYPES = {"work", "home", "other"};
    private static final String[] CITIES = {"Springfield", "Riverside", "Franklin", "Salem"};
    private static final String[] DEPARTMENTS = {"Sales", "sales", "R&D", "Legal_Ops", "100% Support"};

    private final Random random;
    private final List<JsonNode> resources;
    private final boolean withMeta;

    public RandomFilters(Random random, List<JsonNode> resources) {
        this(random, resources, true);
    }

    /**
     * @param withMeta whether filters and sorts may use meta.created / meta.lastModified (not
     *                 when comparing two stores written at slightly different instants)
     */
    public RandomFilters(Random random, List<JsonNode> resources, boolean withMeta) {
        this.random = random;
        this.resources = resources;
        this.withMeta = withMeta;
    }

    /** One identity; attributes are often absent so that pr / not / ne have something to decide. */
    public static ObjectNode randomUser(Random r, int n) {
        ObjectNode u = JSON.createObjectNode();
        u.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:User").add(PROFILE).add(ENTERPRISE);
        u.put("userName", (r.nextBoolean() ? "user." : "User.") + n);
        if (r.nextInt(10) > 0) {
            ObjectNode name = u.putObject("name");
            name.put("givenName", pick(r, GIVEN));
            if (r.nextInt(5) > 0) {
                name.put("familyName", pick(r, FAMILY));
            }
        }
        if (r.nextBoolean()) {
            u.put("displayName", pick(r, GIVEN) + " " + pick(r, FAMILY));
        }
        if (r.nextInt(3) == 0) {
            u.put("title", r.nextBoolean() ? "Engineer" : "engineer-" + r.nextInt(5));
        }
        if (r.nextInt(8) > 0) {
            u.put("userType", "Type " + (char) ('A' + r.nextInt(10)));
        }
        if (r.nextInt(3) > 0) {
            u.put("active", r.nextBoolean());
        }
        if (r.nextInt(4) == 0) {
            u.put("externalId", "Ext-" + r.nextInt(50));
        }
        ArrayNode emails = JSON.createArrayNode();
        int primary = r.nextInt(4) - 1;
        for (int i = 0, k = r.nextInt(4); i < k; i++) {
            ObjectNode e = emails.addObject()
                    .put("value", pick(r, GIVEN).toLowerCase(Locale.ROOT) + (r.nextInt(3) == 0 ? "" : "." + n) + "@" + pick(r, DOMAINS));
            if (r.nextInt(4) > 0) {
                e.put("type", pick(r, TYPES));
            }
            if (i == primary) {
                e.put("primary", true);
            }
        }
        if (!emails.isEmpty()) {
            u.set("emails", emails);
        }
        ArrayNode phones = u.putArray("phoneNumbers");
        phones.addObject().put("value", "+1 555 " + (1000 + n)).put("type", "mobile");
        if (r.nextBoolean()) {
            phones.addObject().put("value", "+1 555 " + r.nextInt(100)).put("type", "work");
        }
        if (r.nextBoolean()) {
            u.putArray("addresses").addObject().put("type", pick(r, TYPES)).put("locality", pick(r, CITIES))
                    .put("region", r.nextBoolean() ? "IL" : "ca");
        }
        ObjectNode profile = u.putObject(PROFILE);
        profile.put("ssn", 100_000 + n * 7L);
        if (r.nextInt(4) > 0) {
            profile.put("badge", r.nextInt(1_000_000) * 1000L + n);
        }
        if (r.nextBoolean()) {
            profile.put("gender", pick(r, new String[] {"female", "male", "other"}));
        }
        if (r.nextInt(5) > 0) {
            profile.put("birthday", Instant.parse("1960-01-01T00:00:00Z").plus(r.nextInt(20000), ChronoUnit.DAYS).toString());
        }
        ObjectNode enterprise = u.putObject(ENTERPRISE);
        enterprise.put("employeeNumber", "E" + n);
        if (r.nextBoolean()) {
            enterprise.put("department", pick(r, DEPARTMENTS));
        }
        return u;
    }

    private static String pick(Random r, String[] values) {
        return values[r.nextInt(values.length)];
    }

    // ---- filters ---------------------------------------------------------------------------

    private record Attr(String path, String kind, String sample) {
    }

    /** Filterable attributes: path as written in a filter, value kind, where to sample values. */
    private static final List<Attr> ATTRS = List.of(
            new Attr("userName", "string", "userName"),
            new Attr("name.givenName", "string", "name.givenName"),
            new Attr("name.familyName", "string", "name.familyName"),
            new Attr("displayName", "string", "displayName"),
            new Attr("title", "string", "title"),
            new Attr("userType", "string", "userType"),
            new Attr("externalId", "exact", "externalId"),
            new Attr("id", "exact", "id"),
            new Attr("active", "boolean", "active"),
            new Attr("emails.value", "string", "emails[].value"),
            new Attr("emails", "string", "emails[].value"),
            new Attr("emails.type", "string", "emails[].type"),
            new Attr("emails.primary", "boolean", "emails[].primary"),
            new Attr("phoneNumbers.value", "string", "phoneNumbers[].value"),
            new Attr("addresses.locality", "string", "addresses[].locality"),
            new Attr(PROFILE + ":ssn", "integer", PROFILE + "/ssn"),
            new Attr("badge", "integer", PROFILE + "/badge"),
            new Attr(PROFILE + ":gender", "string", PROFILE + "/gender"),
            new Attr("birthday", "dateTime", PROFILE + "/birthday"),
            new Attr(ENTERPRISE + ":employeeNumber", "string", ENTERPRISE + "/employeeNumber"),
            new Attr("department", "string", ENTERPRISE + "/department"),
            new Attr("meta.created", "dateTime", "meta.created"),
            new Attr("meta.lastModified", "dateTime", "meta.lastModified"),
            new Attr("groups.value", "string", "groups[].value"),
            new Attr("groups.display", "string", "groups[].display"));

    public String filter() {
        return expression(0);
    }

    private String expression(int depth) {
        int roll = random.nextInt(100);
        if (depth < 3 && roll < 15) {
            return expression(depth + 1) + (random.nextBoolean() ? " and " : " or ") + expression(depth + 1);
        }
        if (depth < 3 && roll < 22) {
            return "(" + expression(depth + 1) + ")";
        }
        if (depth < 3 && roll < 30) {
            return "not (" + expression(depth + 1) + ")";
        }
        if (roll < 38) {
            return valuePath();
        }
        return comparison();
    }

    private String valuePath() {
        switch (random.nextInt(3)) {
            case 0:
                return "emails[type eq \"" + pick(random, TYPES) + "\"" + (random.nextBoolean() ? " and value co \""
                        + pick(random, DOMAINS).substring(0, 4).toUpperCase(Locale.ROOT) + "\"" : "") + "]";
            case 1:
                return "addresses[locality eq \"" + pick(random, CITIES).toLowerCase(Locale.ROOT) + "\" or not (region pr)]";
            default:
                return "groups[display sw \"oracle-" + (char) ('a' + random.nextInt(4)) + "\"]";
        }
    }

    private String comparison() {
        Attr a = ATTRS.get(random.nextInt(ATTRS.size()));
        while (!withMeta && a.path().startsWith("meta.")) {
            a = ATTRS.get(random.nextInt(ATTRS.size()));
        }
        String path = spell(a.path());
        String[] ops;
        switch (a.kind()) {
            case "boolean":
                ops = new String[] {"eq", "ne", "pr"};
                break;
            case "integer":
            case "dateTime":
                ops = new String[] {"eq", "ne", "gt", "ge", "lt", "le", "pr"};
                break;
            default:
                ops = new String[] {"eq", "ne", "co", "sw", "ew", "gt", "ge", "lt", "le", "pr"};
        }
        String op = ops[random.nextInt(ops.length)];
        if (op.equals("pr")) {
            return path + " pr";
        }
        return path + " " + op + " " + literal(a, op);
    }

    /** Attribute names are case-insensitive; core attributes may be schema-qualified. */
    private String spell(String path) {
        String p = path;
        int roll = random.nextInt(6);
        if (roll == 0) {
            p = p.toUpperCase(Locale.ROOT);
        } else if (roll == 1) {
            p = p.toLowerCase(Locale.ROOT);
        } else if (roll == 2 && !p.startsWith("urn:") && !p.startsWith("meta") && !p.equals("badge")
                && !p.equals("birthday") && !p.equals("department") && !p.equals("id")) {
            p = CORE + p;
        }
        return p;
    }

    private String literal(Attr a, String op) {
        List<JsonNode> values = sample(a.sample());
        JsonNode v = values.isEmpty() || random.nextInt(8) == 0 ? null : values.get(random.nextInt(values.size()));
        switch (a.kind()) {
            case "boolean":
                return String.valueOf(v == null ? random.nextBoolean() : v.asBoolean());
            case "integer":
                return String.valueOf(v == null ? random.nextInt(2_000_000) : v.asLong() + random.nextInt(3) - 1);
            case "dateTime":
                return "\"" + (v == null ? "1990-06-15T12:00:00Z" : v.asText()) + "\"";
            default:
                String s = v == null ? "zz" + random.nextInt(100) : v.asText();
                if (op.equals("co") || op.equals("sw") || op.equals("ew")) {
                    int from = op.equals("sw") ? 0 : random.nextInt(Math.max(1, s.length()));
                    int to = op.equals("ew") ? s.length() : Math.min(s.length(), from + 1 + random.nextInt(4));
                    s = s.substring(Math.min(from, to), to);
                }
                if (!a.kind().equals("exact")) {
                    s = random.nextBoolean() ? s.toUpperCase(Locale.ROOT) : s;
                }
                return JSON.valueToTree(s).toString();
        }
    }

    /** Values present in the resources at a sample path: "a.b", "a[].b" or "urn/attr". */
    private List<JsonNode> sample(String path) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode r : resources) {
            JsonNode node;
            if (path.contains("/")) {
                String[] p = path.split("/");
                node = r.path(p[0]).path(p[1]);
            } else if (path.contains("[].")) {
                String[] p = path.split("\\[\\]\\.");
                r.path(p[0]).forEach(e -> {
                    if (e.has(p[1])) {
                        out.add(e.get(p[1]));
                    }
                });
                continue;
            } else if (path.contains(".")) {
                String[] p = path.split("\\.");
                node = r.path(p[0]).path(p[1]);
            } else {
                node = r.path(path);
            }
            if (!node.isMissingNode()) {
                out.add(node);
            }
        }
        return out;
    }

    // ---- sorts and pages -----------------------------------------------------------------

    public record Sort(String path, String order) {
    }

    private static final String[] SORTS = {"userName", "name.familyName", "name.givenName", "emails.value", "title",
            PROFILE + ":ssn", "birthday", "meta.created", "active", "externalId", "id", "department"};

    public Sort sort() {
        if (random.nextInt(4) == 0) {
            return null;
        }
        String key = SORTS[random.nextInt(SORTS.length)];
        while (!withMeta && key.startsWith("meta.")) {
            key = SORTS[random.nextInt(SORTS.length)];
        }
        return new Sort(spell(key), random.nextBoolean() ? "ascending" : "descending");
    }

    public int startIndex() {
        return random.nextInt(3) == 0 ? 1 + random.nextInt(40) : 1;
    }

    public int count() {
        int roll = random.nextInt(10);
        return roll == 0 ? 0 : roll < 3 ? 1 + random.nextInt(5) : 25 + random.nextInt(300);
    }
}
