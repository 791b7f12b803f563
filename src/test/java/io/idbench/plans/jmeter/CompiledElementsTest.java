package io.idbench.plans.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.JmeterRuntime;
import java.beans.Introspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.jmeter.testbeans.TestBean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every compiled element a plan file names is a TestBean JMeter's GUI shows by its own name, as the plan file says it. */
class CompiledElementsTest {
    private static final Pattern ELEMENT = Pattern.compile("guiclass=\"TestBeanGUI\" testclass=\"(io\\.idbench\\.plans\\.jmeter\\.\\w+)\"");

    static Set<String> named() throws IOException {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> plans = Files.list(Path.of("jmeter"))) {
            for (Path plan : plans.filter(p -> p.toString().endsWith(".jmx")).toList()) {
                Matcher m = ELEMENT.matcher(Files.readString(plan));
                while (m.find()) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("named")
    void jmetersGuiShowsIt(String name) throws Exception {
        JmeterRuntime.properties();
        Class<?> element = Class.forName(name);
        assertThat(TestBean.class).isAssignableFrom(element);
        assertThat(Introspector.getBeanInfo(element).getBeanDescriptor().getDisplayName()).as("its BeanInfo's resources")
                .startsWith("idbench ");
    }
}
