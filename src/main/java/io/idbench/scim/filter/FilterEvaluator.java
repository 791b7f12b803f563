package io.idbench.scim.filter;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.scim.filter.Expr.Op;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ResourceType;
import java.math.BigDecimal;
import java.util.Comparator;

/**
 * Evaluates a resolved filter against a SCIM resource representation in memory, with exactly the
 * semantics documented on {@link Expr}. It is the oracle the storages are tested against, and the
 * reference for what each storage's SQL must compute.
 */
public final class FilterEvaluator {
    private final ResourceType type;

    public FilterEvaluator(ResourceType type) {
        this.type = type;
    }

    public boolean matches(Expr expr, JsonNode resource) {
        return eval(expr, resource, null);
    }

    /** Evaluates an element-scoped filter (from {@link FilterResolver#resolveElement}) on one element. */
    public boolean matchesElement(Expr expr, JsonNode element) {
        return eval(expr, null, element);
    }

    private boolean eval(Expr expr, JsonNode resource, JsonNode element) {
        if (expr instanceof Expr.And and) {
            return and.operands().stream().allMatch(e -> eval(e, resource, element));
        }
        if (expr instanceof Expr.Or or) {
            return or.operands().stream().anyMatch(e -> eval(e, resource, element));
        }
        if (expr instanceof Expr.Not not) {
            return !eval(not.operand(), resource, element);
        }
        if (expr instanceof Expr.Present present) {
            return isPresent(value(present.operand(), resource, element));
        }
        if (expr instanceof Expr.Any any) {
            JsonNode values = value(any.collection(), resource, null);
            if (values == null || !values.isArray()) {
                return false;
            }
            for (JsonNode e : values) {
                if (eval(any.element(), resource, e)) {
                    return true;
                }
            }
            return false;
        }
        Expr.Compare cmp = (Expr.Compare) expr;
        JsonNode actual = value(cmp.operand(), resource, element);
        return actual != null && !actual.isNull() && compare(cmp.operand().valueDef(), cmp.op(), actual, cmp.literal());
    }

    /** The JSON value an operand designates, or null. */
    public JsonNode value(Operand operand, JsonNode resource, JsonNode element) {
        if (operand instanceof ElementAttr ea) {
            return ea.sub() == null ? element : element.get(ea.sub().name());
        }
        AttrRef ref = (AttrRef) operand;
        JsonNode container = ref.schema() == type.core() ? resource : resource.get(ref.schema().id());
        if (container == null) {
            return null;
        }
        JsonNode node = container.get(ref.attribute().name());
        if (node == null || ref.sub() == null || ref.attribute().multiValued()) {
            return node;
        }
        return node.get(ref.sub().name());
    }

    static boolean isPresent(JsonNode node) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (node.isTextual()) {
            return !node.textValue().isEmpty();
        }
        return !(node.isContainerNode() && node.isEmpty());
    }

    private static boolean compare(AttributeDef def, Op op, JsonNode actual, Object literal) {
        switch (def.type()) {
            case BOOLEAN:
                return actual.isBoolean() && actual.booleanValue() == (Boolean) literal;
            case INTEGER:
                return actual.isIntegralNumber() && ordered(op, Long.compare(actual.longValue(), (Long) literal));
            case DECIMAL:
                return actual.isNumber() && ordered(op, actual.decimalValue().compareTo((BigDecimal) literal));
            default:
                if (!actual.isTextual()) {
                    return false;
                }
                String a = def.fold(actual.textValue());
                String b = def.fold((String) literal);
                switch (op) {
                    case CO:
                        return a.contains(b);
                    case SW:
                        return a.startsWith(b);
                    case EW:
                        return a.endsWith(b);
                    default:
                        return ordered(op, TextOrder.compare(a, b));
                }
        }
    }

    private static boolean ordered(Op op, int c) {
        switch (op) {
            case EQ:
                return c == 0;
            case GT:
                return c > 0;
            case GE:
                return c >= 0;
            case LT:
                return c < 0;
            case LE:
                return c <= 0;
            default:
                throw new IllegalArgumentException(op + " is not an ordering operator");
        }
    }

    /**
     * The order of a list response: by the sort key (missing values last, in both directions),
     * then by id. Without a sort, by id.
     */
    public Comparator<JsonNode> ordering(SortSpec sort) {
        Comparator<JsonNode> byId = Comparator.comparing(r -> r.get("id").textValue(), TextOrder.CODE_POINT);
        if (sort == null) {
            return byId;
        }
        AttributeDef def = sort.key().valueDef();
        Comparator<JsonNode> values = (a, b) -> compareValues(def, a, b);
        if (sort.descending()) {
            values = values.reversed();
        }
        Comparator<JsonNode> nullsLast = Comparator.nullsLast(values);
        return Comparator.<JsonNode, JsonNode>comparing(r -> sortKey(sort.key(), r), nullsLast).thenComparing(byId);
    }

    /** The sort value: for multi-valued attributes that of the primary element, else the first. */
    public JsonNode sortKey(AttrRef key, JsonNode resource) {
        JsonNode node = value(AttrRef.of(key.schema(), key.attribute()), resource, null);
        if (key.attribute().multiValued()) {
            if (node == null || !node.isArray() || node.isEmpty()) {
                return null;
            }
            JsonNode chosen = node.get(0);
            for (JsonNode e : node) {
                if (e.path("primary").asBoolean(false)) {
                    chosen = e;
                    break;
                }
            }
            node = key.sub() != null ? chosen.get(key.sub().name()) : chosen.get("value");
        } else if (node != null && key.sub() != null) {
            node = node.get(key.sub().name());
        }
        return isPresent(node) ? node : null;
    }

    private static int compareValues(AttributeDef def, JsonNode a, JsonNode b) {
        switch (def.type()) {
            case BOOLEAN:
                return Boolean.compare(a.booleanValue(), b.booleanValue());
            case INTEGER:
                return Long.compare(a.longValue(), b.longValue());
            case DECIMAL:
                return a.decimalValue().compareTo(b.decimalValue());
            default:
                return TextOrder.compare(def.fold(a.textValue()), def.fold(b.textValue()));
        }
    }
}
