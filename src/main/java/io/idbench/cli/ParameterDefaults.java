package io.idbench.cli;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults of the service's options ({@code --storage}, {@code --db-pool-size} …) as the run's parameters declare them
 * ({@link Parameters#ALL}): a default is written once, for {@code -Ddb.poolSize} and {@code --db-pool-size} alike.
 */
public final class ParameterDefaults implements IDefaultValueProvider {
    private static final Map<String, Parameter> BY_OPTION = Parameters.where(Parameter::provisioning).stream()
            .collect(Collectors.toMap(Parameter::serveOption, Function.identity()));

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        Parameter p = BY_OPTION.get(option.longestName());
        return p == null || p.defaultValue().isEmpty() ? null : p.defaultValue();
    }
}
