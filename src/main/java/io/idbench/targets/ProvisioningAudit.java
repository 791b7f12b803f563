package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.seed.provisioning.IntendedState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

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

    /** One page of a listing: the answer's status, its body parsed (null when none) and its text. */
    public record Page(int status, JsonNode body, String text) {
    }

    /** How the audit reads the target: a GET of /{resource}?filter=…&amp;{query} (the filter not yet encoded). */
    @FunctionalInterface
    public interface Pages {
        Page list(String resource, String filter, String query);
    }

    private final Pages pages;

    /** An audit reading through {@code pages}: a ScimClient's ({@link ScimClient#pages()}), or JMeter's sampler's own. */
    public ProvisioningAudit(Pages pages) {
        this.pages = pages;
    }

    /** What differs, one sentence per object (at most {@link #MAX_REPORTED}, then how many more); empty when all holds. */
    public List<String> mismatches(String prefix, IntendedState intended) {
        List<String> out = new ArrayList<>();
        Map<String, JsonNode> users = new TreeMap<>();
        Map<String, Set<String>> groups = new TreeMap<>();
        intended.groups().keySet().forEach(g -> groups.put(g, new TreeSet<>()));
        String usersFailed = listAll("Users", "userName sw \"" + prefix + ".\"", "userName,active,title,groups", u -> {
            String name = u.path("userName").asText();
            if (users.put(name, u) != null) {
                out.add("user " + name + ": listed twice (the listing's pages overlap)");
            }
            u.path("groups").forEach(g -> groups.computeIfAbsent(g.path("display").asText(), k -> new TreeSet<>()).add(name));
        });
        Set<String> present = new TreeSet<>();
        String groupsFailed = listAll("Groups", "displayName sw \"" + prefix + ".\"", "displayName",
                g -> present.add(g.path("displayName").asText()));
        if (usersFailed != null || groupsFailed != null) {
            out.add(usersFailed != null ? usersFailed : groupsFailed);
            return out;
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

    /**
     * Every resource the filter matches, page after page, each given to {@code each}; the next page starts after what came
     * (a target may answer fewer than asked). Null when all were read, else why not.
     */
    private String listAll(String resource, String filter, String attributes, Consumer<JsonNode> each) {
        for (int start = 1;;) {
            Page a = pages.list(resource, filter, "attributes=" + attributes + "&startIndex=" + start + "&count=" + DEFAULT_PAGE);
            if (a.status() != 200 || a.body() == null) {
                return "the " + resource.toLowerCase(Locale.ROOT) + " could not be listed: " + a.status() + " " + a.text();
            }
            JsonNode listed = a.body().path("Resources");
            listed.forEach(each);
            start += listed.size();
            if (listed.isEmpty() || start > a.body().path("totalResults").asLong()) {
                return null;
            }
        }
    }

    private static String few(Set<String> names) {
        List<String> first = names.stream().limit(3).toList();
        return String.join(", ", first) + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
    }
}
