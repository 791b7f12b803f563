package io.idbench.scim.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.AttributeType;

/**
 * What the provisioning clients send that RFC 7644 does not define, accepted as they mean it (docs/service.md, "Provisioning
 * clients"): Microsoft Entra ID's default PATCH writes booleans as text ({@code "active": "False"}) and removes members with a
 * value array ({@code {"op":"Remove","path":"members","value":[{"value":"<id>"}]}}), where the RFC's remove without a filter
 * would drop every member. Both are read narrowly: the text must be true or false, and a remove removes what it names only.
 */
final class ProvisioningDialects {
    private ProvisioningDialects() {
    }

    /**
     * A boolean attribute's value given as the text true or false (any case), as the boolean; any other value as it is, for
     * the validator to refuse as it refuses any value of the wrong type.
     */
    static JsonNode booleanAsText(AttributeDef attribute, JsonNode value) {
        if (attribute.type() != AttributeType.BOOLEAN || value == null || !value.isTextual()) {
            return value;
        }
        String text = value.textValue();
        if (text.equalsIgnoreCase("true")) {
            return BooleanNode.TRUE;
        }
        return text.equalsIgnoreCase("false") ? BooleanNode.FALSE : value;
    }

    /**
     * A remove with a value: of the multi-valued attribute's values, those the value names (by their {@code value}
     * sub-attribute when both have one, else equal as a whole) are removed, the others kept; a named value that is not
     * there is no error (Entra removes what it believes is there).
     */
    static void removeNamedValues(ObjectNode container, String name, JsonNode value) {
        if (!(container.get(name) instanceof ArrayNode values)) {
            return;
        }
        ArrayNode named = value.isArray() ? (ArrayNode) value : container.arrayNode().add(value);
        for (int i = values.size() - 1; i >= 0; i--) {
            for (JsonNode n : named) {
                if (sameValue(values.get(i), n)) {
                    values.remove(i);
                    break;
                }
            }
        }
    }

    private static boolean sameValue(JsonNode element, JsonNode named) {
        if (element.isObject() && named.isObject() && element.has("value") && named.has("value")) {
            return element.get("value").equals(named.get("value"));
        }
        return element.equals(named);
    }
}
