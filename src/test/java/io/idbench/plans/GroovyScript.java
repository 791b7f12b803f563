package io.idbench.plans;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import io.idbench.support.JmeterRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * One of the plans' Groovy pieces (jmeter/src/*.groovy, embedded by plans.py in JSR223 elements), compiled once and run as
 * JMeter runs it: with a thread's {@code vars}, JMeter's {@code props} and the thread's {@code ctx} bound.
 */
final class GroovyScript {
    private final Class<? extends Script> compiled;

    GroovyScript(String name) throws IOException {
        JmeterRuntime.properties();
        String text = Files.readString(PlansAreGeneratedTest.SOURCES.resolve(name));
        this.compiled = new GroovyShell().parse(text, name.replace(".groovy", "")).getClass();
    }

    /** Runs it once on this thread's JMeter context with these variables and properties. */
    Object run(JMeterVariables vars, Properties props) throws ReflectiveOperationException {
        return run(vars, props, Map.of());
    }

    /** The same, with more of what JMeter binds: a JSR223 element's {@code args} and {@code Parameters}, a timer's {@code sampler}. */
    Object run(JMeterVariables vars, Properties props, Map<String, Object> more) throws ReflectiveOperationException {
        JMeterContext ctx = JMeterContextService.getContext();
        ctx.setVariables(vars);
        Binding binding = new Binding();
        binding.setVariable("vars", vars);
        binding.setVariable("props", props);
        binding.setVariable("ctx", ctx);
        more.forEach(binding::setVariable);
        Script script = compiled.getDeclaredConstructor().newInstance();
        script.setBinding(binding);
        return script.run();
    }

    /** One of its static methods. */
    Object call(String method, Object... args) {
        return org.codehaus.groovy.runtime.InvokerHelper.invokeStaticMethod(compiled, method, args);
    }
}
