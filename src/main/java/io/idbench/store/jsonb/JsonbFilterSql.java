package io.idbench.store.jsonb;

import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.ElementAttr;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.Expr.Op;
import io.idbench.scim.filter.Operand;
import io.idbench.scim.filter.SortSpec;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.AttributeType;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.scim.schema.ResourceType;
import io.idbench.store.MemberReference;
import io.idbench.store.Sql;
import io.idbench.store.SqlPredicates;
import io.idbench.store.SqlPredicates.Form;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Compiles the resolved filter AST to SQL over one JSONB resource table (alias {@code r}). The
 * expressions are written exactly as the indexes of db/jsonb/schema.sql are, so the planner can
 * use them; every literal is a bind parameter. Semantics are those of {@link Expr} (and of the
 * in-memory evaluator): absent values compare false, NOT is two-valued, text order is "C".
 */
record JsonbFilterSql(ResourceType type, JsonbTable table) {

    /** Where an expression is evaluated: on the row, on an element of a JSON array (e), on a member row (o). */
    private enum Scope {
        RESOURCE, ELEMENT, MEMBER
    }

    void where(Expr expr, Sql out) {
        expr(expr, Scope.RESOURCE, out);
    }

    private void expr(Expr expr, Scope scope, Sql out) {
        if (expr instanceof Expr.And and) {
            join(and.operands(), " AND ", scope, out);
        } else if (expr instanceof Expr.Or or) {
            join(or.operands(), " OR ", scope, out);
        } else if (expr instanceof Expr.Not not) {
            out.append("NOT coalesce((");
            expr(not.operand(), scope, out);
            out.append("), false)");
        } else if (expr instanceof Expr.Present present) {
            present(present.operand(), out);
        } else if (expr instanceof Expr.Any any) {
            any(any, out);
        } else {
            Expr.Compare cmp = (Expr.Compare) expr;
            switch (scope) {
                case RESOURCE -> compare(cmp.operand(), cmp.op(), cmp.literal(), out);
                case ELEMENT -> compareElement(cmp, out);
                default -> compareMember(cmp, out);
            }
        }
    }

    private void join(List<Expr> operands, String op, Scope scope, Sql out) {
        out.append("(");
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) {
                out.append(op);
            }
            expr(operands.get(i), scope, out);
        }
        out.append(")");
    }

    void orderBy(SortSpec sort, Sql out) {
        out.append(" ORDER BY ");
        if (sort != null) {
            out.append(sortKey(sort)).append(direction(sort));
        }
        out.append("r.id");
    }

    /** " ASC NULLS LAST, " or " DESC NULLS LAST, ": missing values last in both directions, then the id. */
    static String direction(SortSpec sort) {
        return (sort.descending() ? " DESC" : " ASC") + " NULLS LAST, ";
    }

    /** The sort key expression over r, written as the indexes of schema.sql are. */
    String sortKey(SortSpec sort) {
        AttrRef key = sort.key();
        Optional<String> generated = table.generatedColumn(key);
        if (generated.isPresent()) {
            return generated.get();
        }
        String raw;
        if (key.attribute().multiValued()) {
            raw = "idb_primary(" + jsonPath(key.schema(), key.attribute(), null, false) + ") ->> '" + key.sub().name() + "'";
        } else {
            raw = column(key).orElseGet(() -> jsonPath(key.schema(), key.attribute(), key.sub(), true));
        }
        return SqlPredicates.comparable(raw, key.valueDef(), isColumn(key) ? Form.TYPED : Form.JSON_TEXT);
    }

    private void compare(Operand operand, Op op, Object literal, Sql out) {
        AttributeDef def = operand.valueDef();
        if (operand instanceof AttrRef ref) {
            if (ref.attribute() == CommonAttributes.ID) {
                SqlPredicates.compareId("r.id", def, op, (String) literal, out);
                return;
            }
            if (ref.attribute() == CommonAttributes.META) {
                SqlPredicates.compareInstant(column(ref).orElseThrow(), op, (String) literal, out);
                return;
            }
            Optional<String> generated = table.generatedColumn(ref);
            if (generated.isPresent()) {
                SqlPredicates.compare(SqlPredicates.comparable(generated.get(), def, Form.TYPED), def, op, literal, out);
                return;
            }
            String raw = column(ref).orElseGet(() -> jsonPath(ref.schema(), ref.attribute(), ref.sub(), true));
            SqlPredicates.compare(SqlPredicates.comparable(raw, def, Form.JSON_TEXT), def, op, literal, out);
            return;
        }
        throw new IllegalStateException("element operand outside of an element scope");
    }

    /** Columns (alias r) that hold an attribute outside the document. */
    private Optional<String> column(AttrRef ref) {
        return SqlPredicates.column(ref, type, table.nameAttribute(), table.nameColumn()).map(c -> "r." + c);
    }

    private boolean isColumn(AttrRef ref) {
        return ref.attribute() == CommonAttributes.META || ref.attribute() == CommonAttributes.ID;
    }

    /** {@code r.doc [-> 'urn'] -> 'attr' ->> 'sub'}; {@code text} selects ->> for the last step. */
    private String jsonPath(io.idbench.scim.schema.Schema schema, AttributeDef attribute, AttributeDef sub, boolean text) {
        StringBuilder sb = new StringBuilder("r.doc");
        if (schema != type.core()) {
            sb.append(" -> '").append(schema.id()).append('\'');
        }
        if (sub == null) {
            sb.append(text ? " ->> '" : " -> '").append(attribute.name()).append('\'');
        } else {
            sb.append(" -> '").append(attribute.name()).append('\'')
                    .append(text ? " ->> '" : " -> '").append(sub.name()).append('\'');
        }
        return sb.toString();
    }

    private void present(Operand operand, Sql out) {
        if (operand instanceof ElementAttr ea) {
            out.append(ea.sub() == null || table.isMembership(ea.collection()) ? "true"
                    : "e -> '" + ea.sub().name() + "' IS NOT NULL");
            return;
        }
        AttrRef ref = (AttrRef) operand;
        if (column(ref).isPresent()) {
            out.append("true");
        } else if (table.isMembership(ref.attribute())) {
            out.append("EXISTS (SELECT 1 FROM " + table.membershipSource() + " m WHERE m.").append(table.memberColumn())
                    .append(" = r.id)");
        } else {
            out.append(jsonPath(ref.schema(), ref.attribute(), ref.sub(), false)).append(" IS NOT NULL");
        }
    }

    private void any(Expr.Any any, Sql out) {
        AttrRef collection = any.collection();
        if (table.isMembership(collection.attribute())) {
            membership(any, out);
            return;
        }
        String array = jsonPath(collection.schema(), collection.attribute(), null, false);
        if (any.element() instanceof Expr.Compare cmp && cmp.op() == Op.EQ && cmp.operand() instanceof ElementAttr ea
                && ea.sub() != null && ea.sub().type() == AttributeType.STRING && !ea.sub().caseExact()) {
            // Served by the GIN index of schema.sql where one exists (emails.value).
            out.append("lower(jsonb_path_query_array(").append(array).append(", '$[*].\"").append(ea.sub().name())
                    .append("\"')::text)::jsonb @> jsonb_build_array(lower(").param(cmp.literal()).append("))");
            return;
        }
        out.append("EXISTS (SELECT 1 FROM jsonb_array_elements(").append(array).append(") AS e WHERE ");
        expr(any.element(), Scope.ELEMENT, out);
        out.append(")");
    }

    private static void compareElement(Expr.Compare cmp, Sql out) {
        ElementAttr ea = (ElementAttr) cmp.operand();
        String raw = ea.sub() == null ? "e #>> '{}'" : "e ->> '" + ea.sub().name() + "'";
        SqlPredicates.compare(SqlPredicates.comparable(raw, ea.valueDef(), Form.JSON_TEXT), ea.valueDef(), cmp.op(),
                cmp.literal(), out);
    }

    /**
     * groups (of a user: direct and dynamic) and members (of a group) are read through the
     * membership views: an Any over them is a semi-join; "value eq id" goes straight to the
     * membership primary keys.
     */
    private void membership(Expr.Any any, Sql out) {
        String self = table.memberColumn();
        String other = table.otherColumn();
        if (any.element() instanceof Expr.Compare cmp && MemberReference.isIdEquality(cmp)) {
            Optional<UUID> id = MemberReference.id(cmp);
            if (id.isEmpty()) {
                out.append("false");
                return;
            }
            out.append("EXISTS (SELECT 1 FROM " + table.membershipSource() + " m WHERE m.").append(self).append(" = r.id AND m.")
                    .append(other).append(" = ").param(id.get()).append(")");
            return;
        }
        out.append("EXISTS (SELECT 1 FROM " + table.membershipSource() + " m JOIN ").append(table.otherTable())
                .append(" o ON o.id = m.").append(other).append(" WHERE m.").append(self).append(" = r.id AND ");
        expr(any.element(), Scope.MEMBER, out);
        out.append(")");
    }

    private void compareMember(Expr.Compare cmp, Sql out) {
        ElementAttr ea = (ElementAttr) cmp.operand();
        String raw = MemberReference.of(ea).column(table.otherNameColumn());
        SqlPredicates.compare(SqlPredicates.comparable(raw, ea.valueDef(), Form.JSON_TEXT), ea.valueDef(), cmp.op(),
                cmp.literal(), out);
    }
}
