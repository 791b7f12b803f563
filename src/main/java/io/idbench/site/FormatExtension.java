package io.idbench.site;

import io.pebbletemplates.pebble.extension.AbstractExtension;
import io.pebbletemplates.pebble.extension.Filter;
import io.pebbletemplates.pebble.extension.escaper.SafeString;
import io.pebbletemplates.pebble.template.EvaluationContext;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link Format} as Pebble filters, so that templates write numbers as the Java side does: {@code {{ x | figure }}} (three
 * significant digits, thousands separated), {@code {{ n | count }}} (exact), {@code {{ b | bytes }}} (KiB, MiB, GiB),
 * {@code {{ p | setting }}} (a parameter as it was set: 5, 0.05), {@code {{ s | words }}} (a sentence whose hyphenated names
 * and dates are never broken over two lines) and
 * {@code {{ n | plural("run") }}} ("1 run", "3 runs").
 */
final class FormatExtension extends AbstractExtension {

    @Override
    public Map<String, Filter> getFilters() {
        return Map.of("figure", number(Format::figure), "count", number(Format::count), "bytes", number(Format::bytes), "change",
                number(Format::change), "setting",
                number(io.idbench.record.Numbers::trim), "words", new Filter() {
                    @Override
                    public List<String> getArgumentNames() {
                        return List.of();
                    }

                    @Override
                    public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                            int line) {
                        return input == null ? null : new SafeString(keepWhole(String.valueOf(input)));
                    }
                }, "plural",
                new Filter() {
                    @Override
                    public List<String> getArgumentNames() {
                        return List.of("noun");
                    }

                    @Override
                    public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                            int line) {
                        return Format.plural(input == null ? 0 : ((Number) input).longValue(), String.valueOf(args.get("noun")));
                    }
                });
    }

    /** A hyphenated name or date (relational-nodyn-10k, 2026-11-23): a word a browser would break at its hyphens. */
    private static final Pattern HYPHENATED = Pattern.compile("[\\p{L}\\p{N}_.]+(?:-[\\p{L}\\p{N}_.]+)+");

    /** The text escaped for HTML, each hyphenated word in a span that keeps it on one line. */
    static String keepWhole(String text) {
        String escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
        return HYPHENATED.matcher(escaped).replaceAll(m -> "<span class=\"id\">" + Matcher.quoteReplacement(m.group()) + "</span>");
    }

    private static Filter number(DoubleFunction<String> format) {
        return new Filter() {
            @Override
            public List<String> getArgumentNames() {
                return List.of();
            }

            @Override
            public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context, int line) {
                return input == null ? Format.NONE : format.apply(((Number) input).doubleValue());
            }
        };
    }
}
