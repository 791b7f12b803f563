package io.idbench.scim.patch;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.scim.ScimException;
import io.idbench.scim.schema.ScimSchemas;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A group PATCH that only adds members by value ({@code add} with path {@code members}) and
 * removes members by value ({@code remove} with path {@code members[value eq "…"]}, or Entra's path {@code members} with
 * the members to remove as its value): such a PATCH
 * is applied as membership-row operations, without reading the group's members, so it works on
 * a group with a million members. Any other PATCH returns empty and goes the general way.
 */
public record MemberPatch(Set<UUID> add, Set<UUID> remove) {
    private static final Set<String> DERIVED = Set.of("value", "display", "$ref", "type");
    private static final Pattern REMOVE_ONE = Pattern.compile(
            "(?i)members\\s*\\[\\s*value\\s+eq\\s+\"([0-9a-fA-F-]{36})\"\\s*\\]");

    public static Optional<MemberPatch> of(JsonNode request) {
        JsonNode ops = request.path("Operations");
        if (!ops.isArray() || ops.isEmpty() || !request.path("schemas").toString().contains(PatchApplier.PATCH_OP_URN)) {
            return Optional.empty();
        }
        Set<UUID> add = new LinkedHashSet<>();
        Set<UUID> remove = new LinkedHashSet<>();
        for (JsonNode op : ops) {
            PatchOp name = PatchOp.of(op.get("op")).orElse(null);
            String path = op.path("path").asText("");
            if (name == PatchOp.ADD && path.equalsIgnoreCase("members") && op.path("value").isArray()) {
                for (JsonNode m : op.path("value")) {
                    if (!memberByValue(m)) {
                        return Optional.empty();
                    }
                    add.add(uuid(m.path("value").textValue()));
                }
            } else if (name == PatchOp.REMOVE && path.equalsIgnoreCase("members") && op.path("value").isArray()) {
                // Entra's removal: the members named in the value, not all of them (ProvisioningDialects).
                for (JsonNode m : op.path("value")) {
                    if (!memberByValue(m)) {
                        return Optional.empty();
                    }
                    remove.add(uuid(m.path("value").textValue()));
                }
            } else if (name == PatchOp.REMOVE) {
                Matcher one = REMOVE_ONE.matcher(path.trim());
                if (!one.matches()) {
                    return Optional.empty();
                }
                remove.add(uuid(one.group(1)));
            } else {
                return Optional.empty();
            }
        }
        // Operations apply in order: a member added then removed (or the reverse) is left to the general way.
        for (UUID id : add) {
            if (remove.contains(id)) {
                return Optional.empty();
            }
        }
        return Optional.of(new MemberPatch(Set.copyOf(add), Set.copyOf(remove)));
    }

    /** Whether any operation of a PATCH can change members (a path on members, or a value object naming them). */
    public static boolean touchesMembers(JsonNode request) {
        for (JsonNode op : request.path("Operations")) {
            String path = op.path("path").asText("").trim().toLowerCase(Locale.ROOT);
            if (path.startsWith("members") || path.startsWith(ScimSchemas.GROUP_URN.toLowerCase(Locale.ROOT) + ":members")) {
                return true;
            }
            if (path.isEmpty()) {
                var names = op.path("value").fieldNames();
                while (names.hasNext()) {
                    String name = names.next().toLowerCase(Locale.ROOT);
                    if (name.equals("members") || name.equals(ScimSchemas.GROUP_URN.toLowerCase(Locale.ROOT))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code {"value": "<id>"}}, with at most what the store derives from the id anyway (Okta sends the display). */
    private static boolean memberByValue(JsonNode m) {
        if (!m.isObject() || !m.path("value").isTextual()) {
            return false;
        }
        for (Iterator<String> names = m.fieldNames(); names.hasNext();) {
            if (!DERIVED.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    private static UUID uuid(String value) {
        try {
            UUID id = UUID.fromString(value);
            if (!id.toString().equalsIgnoreCase(value)) {
                throw new IllegalArgumentException(value);
            }
            return id;
        } catch (IllegalArgumentException e) {
            throw ScimException.invalidValue("members.value must be the id of a User, not \"" + value + "\"");
        }
    }
}
