package io.idbench.record.schema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.Module;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import java.util.Set;

/**
 * The record's numbers as Jackson writes them: a figure that could not be computed (the interval of a single repetition,
 * a speed never probed) is NaN, which JSON has no number for, so it is written as the string {@code "NaN"} (and infinities
 * as {@code "Infinity"}, {@code "-Infinity"}). The build's schema generator uses this module; nothing runs it at run time.
 */
public final class NonFiniteNumbers implements Module {
    private static final Set<Class<?>> FLOATING = Set.of(double.class, Double.class, float.class, Float.class);

    @Override
    public void applyToConfigBuilder(SchemaGeneratorConfigBuilder builder) {
        builder.forTypesInGeneral().withCustomDefinitionProvider((type, context) -> {
            if (!FLOATING.contains(type.getErasedType())) {
                return null;
            }
            ObjectNode number = context.getGeneratorConfig().createObjectNode();
            number.putArray("anyOf").add(context.getGeneratorConfig().createObjectNode().put("type", "number"))
                    .add(context.getGeneratorConfig().createObjectNode().set("enum",
                            context.getGeneratorConfig().createArrayNode().add("NaN").add("Infinity").add("-Infinity")));
            return new CustomDefinition(number, CustomDefinition.DefinitionType.INLINE, CustomDefinition.AttributeInclusion.YES);
        });
    }
}
