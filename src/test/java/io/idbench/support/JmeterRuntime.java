package io.idbench.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's properties for tests that run the plans' pieces as JMeter does (its samplers, its Groovy scripts): JMeter reads them
 * statically (a thread's variables start from START.MS…), so they are set once per test JVM, from an empty file, and each test
 * puts what it needs.
 */
public final class JmeterRuntime {
    private JmeterRuntime() {
    }

    /** JMeter's properties, loaded empty the first time. */
    public static synchronized Properties properties() {
        if (JMeterUtils.getJMeterProperties() == null) {
            try {
                Path empty = Files.createTempFile("jmeter-", ".properties");
                JMeterUtils.loadJMeterProperties(empty.toString());
                JMeterUtils.initLocale(); // as JMeter starts: its elements' GUI texts are read in its locale
                Files.delete(empty);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return JMeterUtils.getJMeterProperties();
    }

    /** A JMeter thread's variables, JMeter's properties set first (the variables read them). */
    public static JMeterVariables variables() {
        properties();
        return new JMeterVariables();
    }
}
