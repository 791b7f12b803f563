package io.idbench.store;

import io.idbench.scim.filter.ElementAttr;
import io.idbench.scim.filter.Expr;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * A sub-attribute of a membership reference ({@code groups} of a user, {@code members} of a group) as both storages' SQL
 * reads it: {@code value} is the other resource's id, {@code display} its name, anything else the membership's
 * {@code type}. {@code value eq "<id>"}, the common case, needs no join at all: the membership row names the id.
 */
public enum MemberReference {
    VALUE, DISPLAY, TYPE;

    public static MemberReference of(ElementAttr attribute) {
        return switch (attribute.sub().name().toLowerCase(Locale.ROOT)) {
            case "value" -> VALUE;
            case "display" -> DISPLAY;
            default -> TYPE;
        };
    }

    /** Whether a comparison is {@code value eq "<id>"}: answered from the membership rows alone. */
    public static boolean isIdEquality(Expr.Compare cmp) {
        return cmp.op() == Expr.Op.EQ && cmp.operand() instanceof ElementAttr ea && ea.sub() != null && of(ea) == VALUE;
    }

    /** The id of an {@link #isIdEquality id equality}, empty when the literal is no UUID (it then matches nothing). */
    public static Optional<UUID> id(Expr.Compare cmp) {
        return SqlPredicates.canonicalUuid(((ElementAttr) cmp.operand()).sub().fold((String) cmp.literal()));
    }

    /** The SQL of this sub-attribute over the membership row {@code m} joined to the other resource {@code o}. */
    public String column(String otherNameColumn) {
        return switch (this) {
            case VALUE -> "o.id::text";
            case DISPLAY -> "o." + otherNameColumn;
            case TYPE -> "m.type";
        };
    }
}
