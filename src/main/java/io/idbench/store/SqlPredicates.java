package io.idbench.store;

import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.Expr.Op;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.scim.schema.ResourceType;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/**
 * SQL for one comparison on one value expression, with the semantics of the filter AST: text
 * case-folded with lower() unless caseExact, "C" collation (code point order, index-usable LIKE
 * prefixes), canonical dateTimes, ids compared as uuids. Shared by every storage's compiler, so
 * they cannot drift apart; each supplies the value expression its indexes are built on.
 */
public final class SqlPredicates {
    private SqlPredicates() {
    }

    /** How a stored value is held in SQL. */
    public enum Form {
        /** text, compared as such (with lower() unless caseExact); dateTimes as canonical text */
        TEXT,
        /** a typed SQL column or cast: bigint, numeric, boolean, timestamptz */
        TYPED,
        /** jsonb text that still needs the cast of its SCIM type */
        JSON_TEXT
    }

    /** The comparable form of {@code raw}; must match the expressions the indexes are built on. */
    public static String comparable(String raw, AttributeDef def, Form form) {
        if (form == Form.TYPED) {
            return raw;
        }
        switch (def.type()) {
            case INTEGER:
                return form == Form.JSON_TEXT ? "(" + raw + ")::bigint" : raw;
            case DECIMAL:
                return form == Form.JSON_TEXT ? "(" + raw + ")::numeric" : raw;
            case BOOLEAN:
                return form == Form.JSON_TEXT ? "(" + raw + ")::boolean" : raw;
            case DATE_TIME:
                return "(" + raw + ") COLLATE \"C\"";
            default:
                return def.caseExact() ? "(" + raw + ") COLLATE \"C\"" : "lower(" + raw + ") COLLATE \"C\"";
        }
    }

    /** {@code comparable op literal}, the literal bound as a parameter. */
    public static void compare(String comparable, AttributeDef def, Op op, Object literal, Sql out) {
        out.append(comparable);
        if (op == Op.CO || op == Op.SW || op == Op.EW) {
            String v = Sql.likeEscape(def.fold((String) literal));
            out.append(" LIKE ").param((op == Op.SW ? "" : "%") + v + (op == Op.EW ? "" : "%"));
            return;
        }
        out.append(sqlOp(op));
        if (def.type().isTextual() && !def.caseExact()) {
            out.append("lower(").param(literal).append(")");
        } else {
            out.param(literal);
        }
    }

    /** A timestamptz column against a canonical dateTime literal. */
    public static void compareInstant(String column, Op op, String literal, Sql out) {
        out.append(column).append(sqlOp(op)).param(OffsetDateTime.ofInstant(Instant.parse(literal), ZoneOffset.UTC));
    }

    /** Ids are uuids: equality on a canonical id is a uuid comparison (index), anything else text. */
    public static void compareId(String column, AttributeDef def, Op op, String literal, Sql out) {
        if (op == Op.EQ) {
            Optional<UUID> id = canonicalUuid(def.fold(literal));
            if (id.isEmpty()) {
                out.append("false");
            } else {
                out.append(column).append(" = ").param(id.get());
            }
            return;
        }
        compare(comparable(column + "::text", def, Form.TEXT), def, op, literal, out);
    }

    /**
     * The column of the resource table that holds {@code ref}, in every storage: id, meta.created,
     * meta.lastModified and the name attribute (userName / displayName); empty for the others.
     */
    public static Optional<String> column(AttrRef ref, ResourceType type, String nameAttribute, String nameColumn) {
        if (ref.schema() != type.core()) {
            return Optional.empty();
        }
        if (ref.attribute() == CommonAttributes.META) {
            return Optional.of(ref.sub().name().equals("created") ? "created" : "last_modified");
        }
        if (ref.attribute() == CommonAttributes.ID) {
            return Optional.of("id");
        }
        return ref.attribute().name().equals(nameAttribute) ? Optional.of(nameColumn) : Optional.empty();
    }

    /** The uuid a canonical (lower-case) id string names; anything else names no resource. */
    public static Optional<UUID> canonicalUuid(String s) {
        try {
            UUID id = UUID.fromString(s);
            return id.toString().equals(s) ? Optional.of(id) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public static String sqlOp(Op op) {
        switch (op) {
            case EQ:
                return " = ";
            case GT:
                return " > ";
            case GE:
                return " >= ";
            case LT:
                return " < ";
            case LE:
                return " <= ";
            default:
                throw new IllegalArgumentException(op.token());
        }
    }
}
