package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.seed.provisioning.IntendedState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The target's state after provisioning cycles, held against what the cycles meant ({@link IntendedState}): every user of
 * the run's prefix with its active flag and title, every group's exact members (a Remove must remove only what it names), and
 * no user that should not be there. The users are read in pages of a listing (their groups with them), which must neither
 * repeat nor skip one; each mismatch names its object.
 */
public final class ProvisioningAudit {
    /**
     * The page the audit asks for: Okta imports 100 at a time; larger pages make the audit of 100,000 users cheaper. A target
     * may answer fewer (Keycloak caps a page at 100): the next page starts after what came.
     */
    public static final int DEFAULT_PAGE = 1000;
    /** The most mismatches reported one by one; the rest are counted. */
    static final int MAX_REPORTED = 20;

    private final ScimClient client;

    public ProvisioningAudit(ScimClient client) {
        this.client = client;
    }

    /** What differs, one sentence per object (at most {@link #MAX_REPORTED}, then how many more); empty when all holds. */
    public List<String> mismatches(String prefix, IntendedState intended) {
        List<String> out = new ArrayList<>();
        Map<String, JsonNode> users = new TreeMap<>();
        Map<String, Set<String>> groups = new TreeMap<>();
        intended.groups().keySet().forEach(g -> groups.put(g, new TreeSet<>()));
        for (int start = 1;;) {
            ScimClient.Answer a = client.list("Users", "userName sw \"" + prefix + ".\"",
                    "attributes=userName,active,title,groups&startIndex=" + start + "&count=" + DEFAULT_PAGE);
            if (!a.is(200) || a.body() == null) {
                out.add("the users could not be listed: " + a.status() + " " + a.text());
                return out;
            }
            JsonNode listed = a.body().path("Resources");
            for (JsonNode u : listed) {
                String name = u.path("userName").asText();
                if (users.put(name, u) != null) {
                    out.add("user " + name + ": listed twice (the listing's pages overlap)");
                }
                u.path("groups").forEach(g -> groups.computeIfAbsent(g.path("display").asText(), k -> new TreeSet<>()).add(name));
            }
            start += listed.size();
            if (listed.isEmpty() || start > a.body().path("totalResults").asLong()) {
                break;
            }
        }
        Set<String> present = new TreeSet<>();
        for (int start = 1;;) {
            ScimClient.Answer a = client.list("Groups", "displayName sw \"" + prefix + ".\"",
                    "attributes=displayName&startIndex=" + start + "&count=" + DEFAULT_PAGE);
            if (!a.is(200) || a.body() == null) {
                out.add("the groups could not be listed: " + a.status() + " " + a.text());
                return out;
            }
            JsonNode listed = a.body().path("Resources");
            listed.forEach(g -> present.add(g.path("displayName").asText()));
            start += listed.size();
            if (listed.isEmpty() || start > a.body().path("totalResults").asLong()) {
                break;
            }
        }
        intended.groups().keySet().stream().filter(g -> !present.contains(g)).forEach(g -> out.add("group " + g + ": missing"));
        present.stream().filter(g -> !intended.groups().containsKey(g)).forEach(g -> out.add("group " + g + ": present, never created"));
        intended.users().forEach((name, meant) -> {
            JsonNode u = users.remove(name);
            if (u == null) {
                out.add("user " + name + ": missing");
            } else if (u.path("active").asBoolean(true) != meant.active()) {
                out.add("user " + name + ": active " + u.path("active").asBoolean(true) + ", meant " + meant.active());
            } else if (!Objects.equals(u.path("title").asText(null), meant.title())) {
                out.add("user " + name + ": title " + u.path("title").asText(null) + ", meant " + meant.title());
            }
        });
        users.keySet().forEach(name -> out.add("user " + name + ": present, meant deleted or never created"));
        Map<String, Set<String>> meantGroups = new LinkedHashMap<>(intended.groups());
        groups.forEach((name, members) -> {
            Set<String> meant = meantGroups.getOrDefault(name, Set.of());
            if (!members.equals(meant)) {
                Set<String> lacking = new TreeSet<>(meant);
                lacking.removeAll(members);
                Set<String> extra = new TreeSet<>(members);
                extra.removeAll(meant);
                out.add("group " + name + ": " + members.size() + " members, meant " + meant.size()
                        + (lacking.isEmpty() ? "" : "; lacks " + few(lacking)) + (extra.isEmpty() ? "" : "; holds " + few(extra)));
            }
        });
        if (out.size() > MAX_REPORTED) {
            int more = out.size() - MAX_REPORTED;
            out.subList(MAX_REPORTED, out.size()).clear();
            out.add("and " + more + " more");
        }
        return out;
    }

    private static String few(Set<String> names) {
        List<String> first = names.stream().limit(3).toList();
        return String.join(", ", first) + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
    }
}
