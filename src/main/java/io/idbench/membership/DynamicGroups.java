package io.idbench.membership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.DateTimes;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterEvaluator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.ScimSchemas;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The dynamic groups of one storage and their conditions, held in memory. A user save evaluates
 * every condition against the saved user with the in-memory filter evaluator: its cost depends
 * on the number of dynamic groups and the user, never on how many members a group has (Syncope
 * 2.1 ran one SQL search per dynamic group per save; Syncope 3 re-indexes every group).
 *
 * <p>User saves hold {@link #userSaves()} (shared) for their whole transaction, group writes
 * hold {@link #groupWrites()} (exclusive) until the registry reflects what they committed, so a
 * save never evaluates a condition that a concurrent group write is replacing.
 */
public final class DynamicGroups {
    /** The condition attribute in a group body: {@code body[DYNAMIC_GROUP_URN].membershipCondition}. */
    public static final String CONDITION = "membershipCondition";

    /** One dynamic group: id, displayName (for the user's groups.display), condition. */
    public record Group(UUID id, String displayName, String conditionText, Expr condition) {
    }

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final FilterResolver resolver = new FilterResolver(ScimSchemas.USER_TYPE);
    private final FilterEvaluator evaluator = new FilterEvaluator(ScimSchemas.USER_TYPE);
    /** Replaced, never mutated: readers iterate a snapshot. */
    private volatile Map<UUID, Group> groups = Map.of();

    public Lock userSaves() {
        return lock.readLock();
    }

    public Lock groupWrites() {
        return lock.writeLock();
    }

    public boolean isEmpty() {
        return groups.isEmpty();
    }

    public List<Group> all() {
        return List.copyOf(groups.values());
    }

    /** The condition text of a group body, if it has one. */
    public static Optional<String> conditionText(JsonNode groupBody) {
        JsonNode text = groupBody.path(ScimSchemas.DYNAMIC_GROUP_URN).path(CONDITION);
        return text.isTextual() ? Optional.of(text.textValue()) : Optional.empty();
    }

    /** Parses and checks a group body's condition: 400 invalidValue when it is no usable filter over users. */
    public Optional<Expr> condition(JsonNode groupBody) {
        return conditionText(groupBody).map(this::parse);
    }

    private Expr parse(String text) {
        Expr expr;
        try {
            expr = resolver.parse(text);
        } catch (ScimException e) {
            throw ScimException.invalidValue(CONDITION + " must be a SCIM filter over Users: " + e.detail());
        }
        if (refersToGroups(expr)) {
            throw ScimException.invalidValue(CONDITION + " may not refer to groups (memberships would depend on each other): "
                    + text);
        }
        return expr;
    }

    private static boolean refersToGroups(Expr e) {
        if (e instanceof Expr.And and) {
            return and.operands().stream().anyMatch(DynamicGroups::refersToGroups);
        }
        if (e instanceof Expr.Or or) {
            return or.operands().stream().anyMatch(DynamicGroups::refersToGroups);
        }
        if (e instanceof Expr.Not not) {
            return refersToGroups(not.operand());
        }
        if (e instanceof Expr.Any any) {
            return isGroups(any.collection());
        }
        if (e instanceof Expr.Present p) {
            return p.operand() instanceof AttrRef ref && isGroups(ref);
        }
        return ((Expr.Compare) e).operand() instanceof AttrRef ref && isGroups(ref);
    }

    private static boolean isGroups(AttrRef ref) {
        return ref.schema() == ScimSchemas.USER && ref.attribute().name().equals("groups");
    }

    /** Registers (or re-registers) a stored group: dynamic when its body has a condition, else removed. */
    public void register(UUID id, JsonNode groupBody) {
        Optional<String> text = conditionText(groupBody);
        Map<UUID, Group> next = new LinkedHashMap<>(groups);
        if (text.isPresent()) {
            next.put(id, new Group(id, groupBody.path("displayName").asText(), text.get(), parse(text.get())));
        } else {
            next.remove(id);
        }
        groups = Map.copyOf(next);
    }

    public void remove(UUID id) {
        if (groups.containsKey(id)) {
            Map<UUID, Group> next = new LinkedHashMap<>(groups);
            next.remove(id);
            groups = Map.copyOf(next);
        }
    }

    /**
     * The dynamic groups whose condition the user satisfies, in the order the storages list
     * groups (by id text). {@code body} is the stored body; id and meta are added as a client would see them.
     */
    public List<Group> matching(UUID id, ObjectNode body, Instant created, Instant lastModified) {
        Map<UUID, Group> snapshot = groups;
        if (snapshot.isEmpty()) {
            return List.of();
        }
        ObjectNode resource = body.deepCopy();
        resource.put("id", id.toString());
        resource.putObject("meta").put("created", DateTimes.format(created)).put("lastModified", DateTimes.format(lastModified));
        List<Group> out = new ArrayList<>();
        for (Group g : snapshot.values()) {
            if (evaluator.matches(g.condition(), resource)) {
                out.add(g);
            }
        }
        out.sort(Comparator.comparing(g -> g.id().toString()));
        return out;
    }
}
