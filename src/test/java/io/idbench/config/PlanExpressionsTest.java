package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The plans' {@code __jexl3} expressions of constant text are parsed once: JEXL 3.2 (JMeter 5.6's) caches an expression only
 * when its text is shorter than 64 characters and parses a longer one on every call (15-28 µs of the load generator's CPU
 * each time, docs/measurement.md). An expression whose text holds a {@code ${…}} changes with it and is not judged here.
 */
class PlanExpressionsTest {
    static final int JEXL_CACHED_BELOW = 64;

    @Test
    void everyConstantExpressionIsShortEnoughForJexlsCache() throws IOException {
        List<String> constant = new ArrayList<>();
        try (Stream<Path> plans = Files.list(Path.of("jmeter"))) {
            for (Path plan : plans.filter(p -> p.toString().endsWith(".jmx")).sorted().toList()) {
                for (String expression : jexlExpressions(unescape(Files.readString(plan)))) {
                    if (!expression.contains("${")) {
                        constant.add(expression);
                        assertThat(expression.length()).as(plan + ": " + expression).isLessThan(JEXL_CACHED_BELOW);
                    }
                }
            }
        }
        assertThat(constant).as("the clock checks and the PATCH check's default are found")
                .contains("new(\"java.util.Date\").time < vars.get(\"measureCap\")",
                        "sampleResult.responseCode==\"204\"?\"(no body: 204)\":\"(none)\"");
    }

    @Test
    void theScannerFindsNestedAndQuotedExpressionsWhole() {
        assertThat(jexlExpressions("a${__jexl3(f(\")\") + g(1))}b ${__jexl3(${__P(x,1)} > 2)}"))
                .containsExactly("f(\")\") + g(1)", "${__P(x,1)} > 2");
    }

    /** The text of each {@code ${__jexl3(…)}}: up to its closing parenthesis, quoted parentheses skipped. */
    static List<String> jexlExpressions(String text) {
        String open = "${__jexl3(";
        List<String> found = new ArrayList<>();
        for (int at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
            int start = at + open.length();
            int depth = 1;
            char quote = 0;
            int i = start;
            for (; i < text.length() && depth > 0; i++) {
                char c = text.charAt(i);
                if (quote != 0) {
                    quote = c == quote ? 0 : quote;
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth--;
                }
            }
            found.add(text.substring(start, i - 1));
        }
        return found;
    }

    private static String unescape(String xml) {
        return xml.replace("&quot;", "\"").replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
