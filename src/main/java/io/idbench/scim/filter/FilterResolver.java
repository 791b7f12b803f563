package io.idbench.scim.filter;

import com.fasterxml.jackson.databind.node.ValueNode;
import com.unboundid.scim2.common.Path;
import com.unboundid.scim2.common.exceptions.BadRequestException;
import com.unboundid.scim2.common.filters.Filter;
import com.unboundid.scim2.common.filters.FilterType;
import io.idbench.scim.AttributePaths;
import io.idbench.scim.DateTimes;
import io.idbench.scim.RequestLimits;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.Expr.Op;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.AttributeType;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Returned;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns SCIM filter text (RFC 7644 §3.4.2.2, parsed by the UnboundID SCIM 2 SDK) into the resolved
 * {@link Expr} tree, checking every attribute, operator and literal type. All client mistakes
 * become {@code 400 invalidFilter} with a precise detail.
 */
public final class FilterResolver {
    /** meta sub-attributes that can be filtered and sorted on. */
    private static final Set<String> FILTERABLE_META = Set.of("created", "lastmodified");

    private final ResourceType type;

    public FilterResolver(ResourceType type) {
        this.type = type;
    }

    public Expr parse(String filterText) {
        if (filterText == null || filterText.isBlank()) {
            throw ScimException.invalidFilter("The filter is empty");
        }
        RequestLimits.checkExpression(filterText, "filter", ScimException::invalidFilter);
        Filter filter;
        try {
            filter = Filter.fromString(filterText);
        } catch (BadRequestException | RuntimeException e) {
            throw ScimException.invalidFilter("Invalid filter '" + filterText + "': " + firstLine(e.getMessage()));
        }
        int terms = terms(filter);
        if (terms > RequestLimits.MAX_FILTER_TERMS) {
            throw ScimException.tooMany("The filter has " + terms + " comparisons; at most " + RequestLimits.MAX_FILTER_TERMS
                    + " are allowed in one request");
        }
        return resolve(filter);
    }

    /** Comparisons and presence tests, value filters' included. */
    static int terms(Filter filter) {
        if (filter.isCombiningFilter()) {
            return filter.getCombinedFilters().stream().mapToInt(FilterResolver::terms).sum();
        }
        if (filter.getFilterType() == FilterType.NOT) {
            return terms(filter.getInvertedFilter());
        }
        if (filter.getFilterType() == FilterType.COMPLEX_VALUE) {
            return terms(filter.getValueFilter());
        }
        return 1;
    }

    /** The parser's message without the JSON reader's location boilerplate. */
    static String firstLine(String message) {
        if (message == null) {
            return "syntax error";
        }
        String line = message.split("\\R", 2)[0];
        int noise = line.indexOf(" (start marker");
        return noise > 0 ? line.substring(0, noise) : line;
    }

    public Expr resolve(Filter filter) {
        return resolve(filter, null);
    }

    /** Resolves the value filter of {@code collection[filter]}: names are sub-attributes of the element. */
    public Expr resolveElement(Filter filter, AttributeDef collection) {
        return resolve(filter, collection);
    }

    /** Resolves sortBy/sortOrder; sortOrder defaults to ascending (RFC 7644 §3.4.2.3). */
    public SortSpec sort(String sortBy, String sortOrder) {
        boolean descending = false;
        if (sortOrder != null && !sortOrder.isEmpty()) {
            if ("descending".equalsIgnoreCase(sortOrder)) {
                descending = true;
            } else if (!"ascending".equalsIgnoreCase(sortOrder)) {
                throw ScimException.invalidValue("sortOrder must be 'ascending' or 'descending', not '" + sortOrder + "'");
            }
        }
        if (sortBy == null || sortBy.isEmpty()) {
            return null;
        }
        AttributePaths.Resolved path = AttributePaths.resolve(type, sortBy, ScimException::invalidValue);
        if (path.isExtensionRoot() || path.valueFilter() != null) {
            throw ScimException.invalidValue("sortBy must name an attribute, not '" + sortBy + "'");
        }
        AttrRef key = reference(path, sortBy, ScimException::invalidValue);
        if (key.valueDef().isComplex()) {
            throw ScimException.invalidValue("sortBy '" + sortBy + "' names a complex attribute; name a sub-attribute");
        }
        return new SortSpec(key, descending);
    }

    private Expr resolve(Filter filter, AttributeDef element) {
        FilterType ft = filter.getFilterType();
        switch (ft) {
            case AND:
            case OR: {
                List<Expr> operands = new ArrayList<>();
                for (Filter f : filter.getCombinedFilters()) {
                    operands.add(resolve(f, element));
                }
                return ft == FilterType.AND ? new Expr.And(operands) : new Expr.Or(operands);
            }
            case NOT:
                return new Expr.Not(resolve(filter.getInvertedFilter(), element));
            case COMPLEX_VALUE:
                if (element != null) {
                    throw ScimException.invalidFilter("Value filters cannot be nested: '" + filter + "'");
                }
                return complexValue(filter);
            case PRESENT:
                return element != null ? new Expr.Present(elementOperand(filter.getAttributePath(), element))
                        : present(filter.getAttributePath());
            default:
                return comparison(filter, ft, element);
        }
    }

    private Expr complexValue(Filter filter) {
        Path path = filter.getAttributePath();
        AttributePaths.Resolved resolved = resolvePath(path);
        if (resolved.sub() != null || !resolved.attribute().multiValued() || !resolved.attribute().isComplex()) {
            throw ScimException.invalidFilter("'" + path + "' is not a multi-valued complex attribute; "
                    + "value filters [..] apply to those only");
        }
        AttrRef collection = reference(resolved, path.toString(), ScimException::invalidFilter);
        return new Expr.Any(collection, resolve(filter.getValueFilter(), resolved.attribute()));
    }

    private Expr present(Path path) {
        AttributePaths.Resolved resolved = resolvePath(path);
        AttrRef ref = reference(resolved, path.toString(), ScimException::invalidFilter);
        if (resolved.attribute().multiValued() && resolved.sub() != null) {
            return new Expr.Any(AttrRef.of(ref.schema(), ref.attribute()),
                    new Expr.Present(new ElementAttr(resolved.sub(), resolved.attribute())));
        }
        return new Expr.Present(ref);
    }

    private Expr comparison(Filter filter, FilterType ft, AttributeDef element) {
        Path path = filter.getAttributePath();
        boolean negate = ft == FilterType.NOT_EQUAL;
        Op op = op(ft);
        Expr expr;
        if (element != null) {
            Operand operand = elementOperand(path, element);
            expr = new Expr.Compare(operand, op, literal(operand.valueDef(), op, filter.getComparisonValue(), path));
        } else {
            AttributePaths.Resolved resolved = resolvePath(path);
            AttrRef ref = reference(resolved, path.toString(), ScimException::invalidFilter);
            AttributeDef attribute = resolved.attribute();
            if (attribute.multiValued()) {
                ElementAttr operand = elementOfCollection(attribute, resolved.sub(), path);
                expr = new Expr.Any(AttrRef.of(ref.schema(), attribute), new Expr.Compare(operand, op,
                        literal(operand.valueDef(), op, filter.getComparisonValue(), path)));
            } else {
                if (ref.valueDef().isComplex()) {
                    throw ScimException.invalidFilter("'" + path + "' is complex; compare one of its sub-attributes");
                }
                expr = new Expr.Compare(ref, op, literal(ref.valueDef(), op, filter.getComparisonValue(), path));
            }
        }
        return negate ? new Expr.Not(expr) : expr;
    }

    /** For "emails eq x" the implied sub-attribute is "value" (RFC 7644 §3.4.2.2). */
    private static ElementAttr elementOfCollection(AttributeDef collection, AttributeDef sub, Path path) {
        if (sub != null) {
            return new ElementAttr(sub, collection);
        }
        if (!collection.isComplex()) {
            return new ElementAttr(null, collection);
        }
        AttributeDef value = collection.subAttribute("value").orElseThrow(() -> ScimException.invalidFilter(
                "'" + path + "' is complex; compare one of its sub-attributes"));
        return new ElementAttr(value, collection);
    }

    private static ElementAttr elementOperand(Path path, AttributeDef element) {
        if (path.getSchemaUrn() != null || path.size() != 1 || path.getElement(0).getValueFilter() != null) {
            throw ScimException.invalidFilter("Inside " + element.name() + "[..] name a sub-attribute of "
                    + element.name() + ", not '" + path + "'");
        }
        String name = path.getElement(0).getAttribute();
        AttributeDef sub = element.subAttribute(name).orElseThrow(() -> ScimException.invalidFilter(
                "Unknown sub-attribute '" + name + "' of '" + element.name() + "'"));
        return new ElementAttr(sub, element);
    }

    private AttributePaths.Resolved resolvePath(Path path) {
        AttributePaths.Resolved resolved = AttributePaths.resolve(type, path, path.toString(), ScimException::invalidFilter);
        if (resolved.isExtensionRoot()) {
            throw ScimException.invalidFilter("'" + path + "' names a schema, not an attribute");
        }
        return resolved;
    }

    /** Builds the resource-level reference and rejects attributes that cannot be filtered. */
    private static AttrRef reference(AttributePaths.Resolved resolved, String text,
            Function<String, ScimException> error) {
        AttributeDef attribute = resolved.attribute();
        AttributeDef value = resolved.sub() != null ? resolved.sub() : attribute;
        if (attribute.returned() == Returned.NEVER || value.returned() == Returned.NEVER) {
            throw error.apply("'" + text + "' is never returned and cannot be filtered or sorted on");
        }
        if (attribute == CommonAttributes.META && (resolved.sub() == null
                || !FILTERABLE_META.contains(resolved.sub().name().toLowerCase(Locale.ROOT)))) {
            throw error.apply("'" + text + "' cannot be filtered or sorted on; meta.created and meta.lastModified can");
        }
        return new AttrRef(resolved.schema(), attribute, resolved.sub());
    }

    private static Op op(FilterType ft) {
        return switch (ft) {
            case EQUAL, NOT_EQUAL -> Op.EQ;
            case CONTAINS -> Op.CO;
            case STARTS_WITH -> Op.SW;
            case ENDS_WITH -> Op.EW;
            case GREATER_THAN -> Op.GT;
            case GREATER_OR_EQUAL -> Op.GE;
            case LESS_THAN -> Op.LT;
            case LESS_OR_EQUAL -> Op.LE;
            default -> throw ScimException.invalidFilter("Unsupported filter operator " + ft);
        };
    }

    /** Checks the operator against the attribute type and converts the literal to its canonical Java value. */
    static Object literal(AttributeDef def, Op op, ValueNode value, Path path) {
        AttributeType t = def.type();
        String where = "'" + path + " " + op.token() + " " + value + "'";
        if (value == null || value.isNull()) {
            throw ScimException.invalidFilter("null is not a valid comparison value in " + where + "; use 'not (" + path + " pr)'");
        }
        boolean substring = op == Op.CO || op == Op.SW || op == Op.EW;
        boolean ordering = op == Op.GT || op == Op.GE || op == Op.LT || op == Op.LE;
        if (substring && !t.isTextual()) {
            throw ScimException.invalidFilter(op.token() + " applies to string attributes; '" + path + "' is " + t.scimName());
        }
        if (ordering && !t.isOrdered()) {
            throw ScimException.invalidFilter(op.token() + " does not apply to " + t.scimName() + " attribute '" + path + "'");
        }
        switch (t) {
            case STRING:
            case REFERENCE:
            case BINARY:
                if (!value.isTextual()) {
                    throw ScimException.invalidFilter("'" + path + "' is a string; the value in " + where + " must be quoted");
                }
                String problem = RequestLimits.characterProblem(value.textValue());
                if (problem != null) {
                    throw ScimException.invalidFilter("The value in " + where + " " + problem);
                }
                return value.textValue();
            case BOOLEAN:
                if (!value.isBoolean()) {
                    throw ScimException.invalidFilter("'" + path + "' is boolean; the value in " + where + " must be true or false");
                }
                return value.booleanValue();
            case INTEGER:
                if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                    throw ScimException.invalidFilter("'" + path + "' is an integer; the value in " + where + " must be an integer");
                }
                return value.longValue();
            case DECIMAL:
                if (!value.isNumber()) {
                    throw ScimException.invalidFilter("'" + path + "' is a decimal; the value in " + where + " must be a number");
                }
                return new BigDecimal(value.asText());
            case DATE_TIME:
                if (!value.isTextual()) {
                    throw ScimException
                            .invalidFilter("'" + path + "' is a dateTime; the value in " + where + " must be a quoted xsd:dateTime");
                }
                return DateTimes.canonical(value.textValue()).orElseThrow(() -> ScimException.invalidFilter(
                        "'" + value.textValue() + "' is not an xsd:dateTime in " + where));
            default:
                throw ScimException.invalidFilter("'" + path + "' is complex; compare one of its sub-attributes");
        }
    }
}
