package io.idbench.scim.patch;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.scim.ScimException;
import java.util.Locale;
import java.util.Optional;

/** The three operations of a SCIM PATCH (RFC 7644 3.5.2), named in any case as clients send them ("Add", "replace"). */
public enum PatchOp {
    ADD, REPLACE, REMOVE;

    /** The operation an {@code op} member names, or empty when it names none of the three. */
    static Optional<PatchOp> of(JsonNode op) {
        return switch (op == null ? "" : op.asText("").toLowerCase(Locale.ROOT)) {
            case "add" -> Optional.of(ADD);
            case "replace" -> Optional.of(REPLACE);
            case "remove" -> Optional.of(REMOVE);
            default -> Optional.empty();
        };
    }

    /** The operation of a PATCH operation object; a missing or unknown {@code op} is invalidSyntax. */
    static PatchOp parse(JsonNode operation) {
        return of(operation.get("op"))
                .orElseThrow(() -> ScimException.invalidSyntax("'op' must be add, replace or remove, not " + operation.get("op")));
    }

    /** As RFC 7644 writes it: add, replace, remove. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
