package io.idbench.results;

import io.idbench.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One figure of one label, as a person names it: "ALL p50", "Update existing user serverCpuUs" (the label, then the figure).
 *
 * @param label  a label of the plan, or ALL
 * @param figure one of {@link #FIGURES}
 */
public record FigureName(String label, String figure) {
    /** The figures a run records per label. */
    public static final Set<String> FIGURES = Set.of("p50", "p95", "p99", "throughput", "serverP50", "serverP95", "serverCpuUs");

    /** "label figure", the figure the last word. */
    public static FigureName parse(String text) {
        String t = text.strip();
        int space = t.lastIndexOf(' ');
        if (space < 1) {
            throw new ConfigException("a figure is named by its label and figure, e.g. 'ALL p50', was '" + text + "'");
        }
        String figure = t.substring(space + 1);
        if (!FIGURES.contains(figure)) {
            throw new ConfigException("'" + figure + "' in '" + t + "' is not a figure; one of "
                    + FIGURES.stream().sorted().toList());
        }
        return new FigureName(t.substring(0, space).strip(), figure);
    }

    /** Comma-separated names, at least one, none twice. */
    public static List<FigureName> parseList(String text) {
        List<FigureName> out = new ArrayList<>();
        for (String part : text.split(",")) {
            FigureName name = parse(part);
            if (out.contains(name)) {
                throw new ConfigException("'" + name + "' is named twice");
            }
            out.add(name);
        }
        return List.copyOf(out);
    }

    @Override
    public String toString() {
        return label + " " + figure;
    }
}
