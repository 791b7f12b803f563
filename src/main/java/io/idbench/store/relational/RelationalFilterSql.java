package io.idbench.store.relational;

import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.ElementAttr;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.Expr.Op;
import io.idbench.scim.filter.SortSpec;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.store.MemberReference;
import io.idbench.store.Sql;
import io.idbench.store.SqlPredicates;
import io.idbench.store.SqlPredicates.Form;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Compiles the filter AST for the EAV tables as set algebra over owner ids: every condition is a
 * SELECT of the owners it holds for, read from an index built on exactly the compiled expression
 * (u_value_string / _long / _date / _boolean, the unique and membership keys); and is a
 * semi-join, or / not are UNION / EXCEPT. Value filters work on (owner, element) pairs, so "emails[type eq
 * "work" and value co "x"]" matches within one element. The page and the count then join the
 * resulting set to r_user by primary key: nothing scans all users unless the filter is a negation.
 */
record RelationalFilterSql(Catalogue catalogue, RelationalTable table) {

    /** Appends a SELECT of the distinct owner ids matching {@code expr}. */
    void owners(Expr expr, Sql out) {
        if (expr instanceof Expr.And and) {
            intersection(and.operands(), out);
        } else if (expr instanceof Expr.Or or) {
            setOp(or.operands(), " UNION ", out, this::owners);
        } else if (expr instanceof Expr.Not not) {
            out.append("(SELECT id FROM ").append(table.table()).append(") EXCEPT (");
            owners(not.operand(), out);
            out.append(")");
        } else if (expr instanceof Expr.Present present) {
            present((AttrRef) present.operand(), out);
        } else if (expr instanceof Expr.Any any) {
            any(any, out);
        } else {
            Expr.Compare cmp = (Expr.Compare) expr;
            compare((AttrRef) cmp.operand(), cmp.op(), cmp.literal(), out);
        }
    }

    private interface Compiler {
        void compile(Expr e, Sql out);
    }

    /**
     * The owners of the broadest operand that are among the owners of each other one, as semi-joins (the same set as
     * INTERSECT): PostgreSQL hashes the other sides once and probes them with the broadest one's owners, where an
     * INTERSECT appends both sides and hashes all of them. Which side is hashed is chosen here, not by the planner: it
     * estimates an EAV condition as the product of the schema's and the value's selectivities, 25 to 170 times too low
     * at 100k identities, and hashed a 50,000-owner range instead of a 10,000-owner equality (docs/figures.md).
     */
    private void intersection(List<Expr> operands, Sql out) {
        List<Expr> byBreadth = operands.stream().sorted(Comparator.comparingInt(RelationalFilterSql::breadth).reversed())
                .toList();
        Expr probe = byBreadth.get(0);
        // A comparison addresses one single value: its owners are distinct already, and sorting them to prove it is
        // the most of what the DISTINCT would cost.
        out.append(probe instanceof Expr.Compare ? "SELECT x.owner_id FROM (" : "SELECT DISTINCT x.owner_id FROM (");
        owners(probe, out);
        out.append(") x(owner_id) WHERE ");
        for (int i = 1; i < byBreadth.size(); i++) {
            out.append(i == 1 ? "x.owner_id IN (" : " AND x.owner_id IN (");
            owners(byBreadth.get(i), out);
            out.append(")");
        }
    }

    /**
     * How many owners a condition is expected to hold for, as a rank: an equality the fewest, then an order or
     * substring comparison, presence, negation; an or as its broadest operand, an and as its narrowest. Ties keep the
     * written order.
     */
    static int breadth(Expr e) {
        if (e instanceof Expr.Compare cmp) {
            return cmp.op() == Op.EQ ? 0 : 1;
        } else if (e instanceof Expr.Any any) {
            return breadth(any.element());
        } else if (e instanceof Expr.Present) {
            return 2;
        } else if (e instanceof Expr.Not) {
            return 3;
        } else if (e instanceof Expr.Or or) {
            return or.operands().stream().mapToInt(RelationalFilterSql::breadth).max().orElse(0);
        }
        return ((Expr.And) e).operands().stream().mapToInt(RelationalFilterSql::breadth).min().orElse(0);
    }

    private static void setOp(List<Expr> operands, String op, Sql out, Compiler each) {
        for (int i = 0; i < operands.size(); i++) {
            out.append(i == 0 ? "(" : op + "(");
            each.compile(operands.get(i), out);
            out.append(")");
        }
    }

    private void compare(AttrRef ref, Op op, Object literal, Sql out) {
        AttributeDef def = ref.valueDef();
        Optional<String> column = column(ref);
        if (column.isPresent()) {
            out.append("SELECT r2.id FROM ").append(table.table()).append(" r2 WHERE ");
            if (ref.attribute() == CommonAttributes.ID) {
                SqlPredicates.compareId("r2.id", def, op, (String) literal, out);
            } else if (ref.attribute() == CommonAttributes.META) {
                SqlPredicates.compareInstant("r2." + column.get(), op, (String) literal, out);
            } else {
                SqlPredicates.compare(SqlPredicates.comparable("r2." + column.get(), def, Form.TEXT), def, op, literal, out);
            }
            return;
        }
        Leaf leaf = leaf(ref.schema(), ref.attribute(), ref.sub());
        out.append("SELECT v.owner_id FROM ").append(table.valueTable()).append(" v WHERE ");
        valueCondition(leaf, op, literal, out);
    }

    /** {@code v.schema_id = leaf AND <typed comparison on v's column>}, in the form the indexes serve. */
    private static void valueCondition(Leaf leaf, Op op, Object literal, Sql out) {
        AttributeDef def = leaf.valueDef();
        out.append("v.schema_id = ").param(leaf.id()).append(" AND v.").append(leaf.column()).append(" IS NOT NULL AND ");
        switch (leaf.column()) {
            case "date_value":
                SqlPredicates.compareInstant("v.date_value", op, (String) literal, out);
                return;
            case "string_value":
                if (def.caseExact() && op == Op.EQ) {
                    // The case-insensitive index narrows, the exact comparison decides.
                    out.append("lower(v.string_value) COLLATE \"C\" = lower(").param(literal).append(") AND ");
                }
                SqlPredicates.compare(SqlPredicates.comparable("v.string_value", def, Form.TEXT), def, op, literal, out);
                return;
            default:
                SqlPredicates.compare("v." + leaf.column(), def, op, literal, out);
        }
    }

    private void present(AttrRef ref, Sql out) {
        if (column(ref).isPresent()) {
            out.append("SELECT id FROM ").append(table.table());
        } else if (isMembership(ref.attribute())) {
            out.append("SELECT DISTINCT m.").append(table.memberColumn()).append(" FROM " + table.membershipSource() + " m");
        } else if (ref.attribute().isComplex() && ref.sub() == null) {
            out.append("SELECT DISTINCT a.owner_id FROM ").append(table.attrTable()).append(" a WHERE a.schema_id IN (");
            ids(catalogue.subLeaves(ref.schema(), ref.attribute()), out);
            out.append(")");
        } else {
            out.append("SELECT a.owner_id FROM ").append(table.attrTable()).append(" a WHERE a.schema_id = ")
                    .param(leaf(ref.schema(), ref.attribute(), ref.sub()).id());
        }
    }

    private static void ids(List<Leaf> leaves, Sql out) {
        for (int i = 0; i < leaves.size(); i++) {
            out.append(i == 0 ? "" : ", ").param(leaves.get(i).id());
        }
    }

    private void any(Expr.Any any, Sql out) {
        AttrRef collection = any.collection();
        out.append("SELECT DISTINCT e.o FROM (");
        if (isMembership(collection.attribute())) {
            memberPairs(any.element(), out);
        } else {
            elementPairs(collection, any.element(), out);
        }
        out.append(") e");
    }

    /** (owner, idx) pairs of the elements of {@code collection} that satisfy {@code expr}. */
    private void elementPairs(AttrRef collection, Expr expr, Sql out) {
        if (expr instanceof Expr.And and) {
            setOp(and.operands(), " INTERSECT ", out, (e, o) -> elementPairs(collection, e, o));
        } else if (expr instanceof Expr.Or or) {
            setOp(or.operands(), " UNION ", out, (e, o) -> elementPairs(collection, e, o));
        } else if (expr instanceof Expr.Not not) {
            out.append("(SELECT DISTINCT v.owner_id AS o, v.idx AS i FROM ").append(table.valueTable())
                    .append(" v WHERE v.schema_id IN (");
            ids(elementLeaves(collection), out);
            out.append(")) EXCEPT (");
            elementPairs(collection, not.operand(), out);
            out.append(")");
        } else if (expr instanceof Expr.Present present) {
            Leaf leaf = elementLeaf(collection, (ElementAttr) present.operand());
            out.append("SELECT v.owner_id AS o, v.idx AS i FROM ").append(table.valueTable())
                    .append(" v WHERE v.schema_id = ").param(leaf.id());
        } else {
            Expr.Compare cmp = (Expr.Compare) expr;
            Leaf leaf = elementLeaf(collection, (ElementAttr) cmp.operand());
            out.append("SELECT v.owner_id AS o, v.idx AS i FROM ").append(table.valueTable()).append(" v WHERE ");
            valueCondition(leaf, cmp.op(), cmp.literal(), out);
        }
    }

    private List<Leaf> elementLeaves(AttrRef collection) {
        return collection.attribute().isComplex() ? catalogue.subLeaves(collection.schema(), collection.attribute())
                : List.of(leaf(collection.schema(), collection.attribute(), null));
    }

    private Leaf elementLeaf(AttrRef collection, ElementAttr ea) {
        return leaf(collection.schema(), collection.attribute(), ea.sub());
    }

    /**
     * Membership elements satisfying {@code expr}, from the membership views: groups of a user
     * (value = group id, display = its displayName, type = direct or indirect) or members of a
     * group (display = userName, type = User).
     */
    private void memberPairs(Expr expr, Sql out) {
        String self = table.memberColumn();
        String other = table.otherColumn();
        // (owner, other, type) triples: a user may be a direct and a dynamic member of one group.
        String pairs = "SELECT m." + self + " AS o, m." + other + " AS i, m.type AS t FROM " + table.membershipSource() + " m";
        if (expr instanceof Expr.And and) {
            setOp(and.operands(), " INTERSECT ", out, this::memberPairs);
        } else if (expr instanceof Expr.Or or) {
            setOp(or.operands(), " UNION ", out, this::memberPairs);
        } else if (expr instanceof Expr.Not not) {
            out.append("(").append(pairs).append(") EXCEPT (");
            memberPairs(not.operand(), out);
            out.append(")");
        } else if (expr instanceof Expr.Present) {
            out.append(pairs);
        } else {
            Expr.Compare cmp = (Expr.Compare) expr;
            ElementAttr ea = (ElementAttr) cmp.operand();
            if (MemberReference.isIdEquality(cmp)) {
                Optional<UUID> id = MemberReference.id(cmp);
                out.append(pairs).append(" WHERE ");
                if (id.isEmpty()) {
                    out.append("false");
                } else {
                    out.append("m.").append(other).append(" = ").param(id.get());
                }
                return;
            }
            String raw = MemberReference.of(ea).column(table.otherNameColumn());
            out.append(pairs).append(" JOIN ").append(table.otherTable()).append(" o ON o.id = m.").append(other)
                    .append(" WHERE ");
            SqlPredicates.compare(SqlPredicates.comparable(raw, ea.valueDef(), Form.TEXT), ea.valueDef(), cmp.op(),
                    cmp.literal(), out);
        }
    }

    /** ORDER BY over r (alias of the resource table): the sort key, then id, missing values last. */
    void orderBy(SortSpec sort, Sql out) {
        out.append(" ORDER BY ");
        if (sort != null) {
            sortKey(sort, "r.id", true, out);
            out.append(direction(sort)).append(", ");
        }
        out.append("r.id");
    }

    static String direction(SortSpec sort) {
        return sort.descending() ? " DESC NULLS LAST" : " ASC NULLS LAST";
    }

    /**
     * The sort key of the resource whose id is {@code owner}: a column of r when {@code onRow}, else
     * read by primary key; an attribute through its value row (for a multi-valued attribute, of the
     * first primary element, else the first element).
     */
    void sortKey(SortSpec sort, String owner, boolean onRow, Sql out) {
        AttrRef key = sort.key();
        AttributeDef def = key.valueDef();
        Optional<String> column = column(key);
        if (column.isPresent()) {
            boolean typed = key.attribute() == CommonAttributes.ID || key.attribute() == CommonAttributes.META;
            String raw = onRow ? "r." + column.get() : "k." + column.get();
            String value = SqlPredicates.comparable(raw, def, typed ? Form.TYPED : Form.TEXT);
            if (onRow) {
                out.append(value);
            } else {
                out.append("(SELECT ").append(value).append(" FROM ").append(table.table()).append(" k WHERE k.id = ")
                        .append(owner).append(")");
            }
            return;
        }
        Leaf leaf = leaf(key.schema(), key.attribute(), key.sub());
        String value = leaf.column().equals(EavRows.STRING_VALUE)
                ? SqlPredicates.comparable("s." + leaf.column(), def, Form.TEXT) : "s." + leaf.column();
        out.append("(SELECT ").append(value).append(" FROM ").append(table.valueTable())
                .append(" s WHERE s.owner_id = ").append(owner).append(" AND s.schema_id = ").param(leaf.id());
        if (key.attribute().multiValued()) {
            out.append(" AND s.idx = ");
            chosenElement(key, owner, out);
        }
        out.append(")");
    }

    /** The element a multi-valued sort key reads: the first primary one, else the first one. */
    private void chosenElement(AttrRef key, String owner, Sql out) {
        Leaf primary = catalogue.leaf(key.schema(), key.attribute(), key.attribute().subAttribute("primary").orElse(null));
        out.append("coalesce(");
        if (primary != null) {
            out.append("(SELECT min(p.idx) FROM ").append(table.valueTable()).append(" p WHERE p.owner_id = ").append(owner)
                    .append(" AND p.schema_id = ").param(primary.id()).append(" AND p.boolean_value), ");
        }
        out.append("(SELECT min(a.idx) FROM ").append(table.valueTable()).append(" a WHERE a.owner_id = ").append(owner)
                .append(" AND a.schema_id IN (");
        ids(catalogue.subLeaves(key.schema(), key.attribute()), out);
        out.append(")))");
    }

    /** Attributes held in r_user / r_group columns. */
    private Optional<String> column(AttrRef ref) {
        return SqlPredicates.column(ref, catalogue.type(), table.nameAttribute(), table.nameColumn());
    }

    private boolean isMembership(AttributeDef attribute) {
        return attribute.name().equals(table.membershipAttribute());
    }

    private Leaf leaf(io.idbench.scim.schema.Schema schema, AttributeDef attribute, AttributeDef sub) {
        Leaf leaf = catalogue.leaf(schema, attribute, sub);
        if (leaf == null) {
            throw new IllegalStateException("no catalogue entry for " + attribute + (sub == null ? "" : "." + sub));
        }
        return leaf;
    }
}
