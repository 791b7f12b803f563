package io.idbench.search.elastic;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.ElementAttr;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.filter.Operand;
import io.idbench.scim.filter.SortSpec;
import io.idbench.scim.schema.AttributeDef;
import java.util.List;

/**
 * Compiles the resolved filter AST and sort to the query DSL shared by Elasticsearch and
 * OpenSearch, with the semantics documented on {@link Expr}: text literals are folded exactly as
 * {@link UserDocuments} folded the indexed values; {@code not} is {@code must_not} (two-valued:
 * it matches documents without the field); {@link Expr.Any} is a {@code nested} query, so every
 * condition on an element holds for the same element. Everything runs in filter context: no
 * scores are computed, the order is the SCIM sort, then id.
 */
public final class ElasticQuery {
    private final UserDocuments documents;
    private final ObjectMapper json;

    public ElasticQuery(UserDocuments documents, ObjectMapper json) {
        this.documents = documents;
        this.json = json;
    }

    /** The body of a {@code _search} request answering one list request with ids and the exact total. */
    public ObjectNode search(ListQuery q) {
        ObjectNode body = json.createObjectNode();
        body.put("from", q.offset()).put("size", q.count()).put("track_total_hits", true).put("_source", false);
        body.set("query", q.filter() == null ? json.createObjectNode().set("match_all", json.createObjectNode())
                : constantScore(compile(q.filter(), null)));
        if (q.count() > 0) {
            body.set("sort", sort(q.sort()));
        }
        return body;
    }

    private ObjectNode constantScore(ObjectNode filter) {
        ObjectNode out = json.createObjectNode();
        out.putObject("constant_score").set("filter", filter);
        return out;
    }

    ArrayNode sort(SortSpec sort) {
        ArrayNode out = json.createArrayNode();
        if (sort != null) {
            out.addObject().putObject(documents.sortField(sort.key()))
                    .put("order", sort.descending() ? "desc" : "asc")
                    .put("missing", "_last");
        }
        out.addObject().putObject("id").put("order", "asc");
        return out;
    }

    /** @param nestedPath the multi-valued attribute whose element is in scope, or null at resource level */
    ObjectNode compile(Expr expr, String nestedPath) {
        if (expr instanceof Expr.And and) {
            return bool("filter", and.operands(), nestedPath);
        }
        if (expr instanceof Expr.Or or) {
            ObjectNode q = bool("should", or.operands(), nestedPath);
            ((ObjectNode) q.get("bool")).put("minimum_should_match", 1);
            return q;
        }
        if (expr instanceof Expr.Not not) {
            return bool("must_not", List.of(not.operand()), nestedPath);
        }
        if (expr instanceof Expr.Any any) {
            String path = documents.nestedPath(any.collection());
            return nested(path, compile(any.element(), path));
        }
        if (expr instanceof Expr.Present present) {
            return present(present.operand(), nestedPath);
        }
        Expr.Compare cmp = (Expr.Compare) expr;
        return compare(field(cmp.operand(), nestedPath), cmp.operand().valueDef(), cmp.op(), cmp.literal());
    }

    private ObjectNode bool(String occur, List<Expr> operands, String nestedPath) {
        ObjectNode q = json.createObjectNode();
        ArrayNode clauses = q.putObject("bool").putArray(occur);
        operands.forEach(e -> clauses.add(compile(e, nestedPath)));
        return q;
    }

    private ObjectNode nested(String path, ObjectNode query) {
        ObjectNode q = json.createObjectNode();
        q.putObject("nested").put("path", path).set("query", query);
        return q;
    }

    private ObjectNode present(Operand operand, String nestedPath) {
        if (operand instanceof AttrRef ref && ref.attribute().multiValued()) {
            // The evaluator's rule: a multi-valued attribute is present when it has an element.
            return nested(documents.nestedPath(ref), json.createObjectNode().set("match_all", json.createObjectNode()));
        }
        ObjectNode q = json.createObjectNode();
        q.putObject("exists").put("field", field(operand, nestedPath));
        return q;
    }

    private String field(Operand operand, String nestedPath) {
        if (operand instanceof ElementAttr ea) {
            return nestedPath + "." + (ea.sub() == null ? "value" : ea.sub().name());
        }
        AttrRef ref = (AttrRef) operand;
        if (ref.attribute().multiValued()) {
            throw new IllegalArgumentException("A comparison on multi-valued " + ref + " must be wrapped in Any");
        }
        return documents.field(ref);
    }

    private ObjectNode compare(String field, AttributeDef def, Expr.Op op, Object literal) {
        Object value = literal instanceof String s ? def.fold(s) : literal;
        ObjectNode q = json.createObjectNode();
        switch (op) {
            case EQ -> q.putObject("term").set(field, json.valueToTree(value));
            case SW -> q.putObject("prefix").put(field, (String) value);
            case CO -> q.putObject("wildcard").putObject(field).put("value", "*" + escapeWildcard((String) value) + "*");
            case EW -> q.putObject("wildcard").putObject(field).put("value", "*" + escapeWildcard((String) value));
            default -> q.putObject("range").putObject(field).set(switch (op) {
                case GT -> "gt";
                case GE -> "gte";
                case LT -> "lt";
                default -> "lte";
            }, json.valueToTree(value));
        }
        return q;
    }

    /** Wildcard syntax: * and ? are operators, \ escapes. */
    static String escapeWildcard(String s) {
        StringBuilder out = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
