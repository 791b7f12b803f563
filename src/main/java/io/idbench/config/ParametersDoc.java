package io.idbench.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * docs/parameters.md's table, written from {@link Parameters#ALL} so that the reference cannot drift from the code:
 * {@code scripts/parameters-doc.sh} rewrites it, and ParametersDocTest fails while the committed table differs.
 */
public final class ParametersDoc {
    public static final String BEGIN = "<!-- The table below is written from io.idbench.config.Parameters by scripts/parameters-doc.sh:"
            + " edit the declaration, not the table. -->";
    public static final String END = "<!-- end of the written table -->";

    private ParametersDoc() {
    }

    /** The table, a row per parameter in declaration order, between its markers. */
    public static List<String> table() {
        List<String> out = new ArrayList<>();
        out.add(BEGIN);
        out.add("| parameter | default | role | meaning |");
        out.add("|---|---|---|---|");
        for (Parameter p : Parameters.ALL) {
            out.add("| `" + p.key() + "` | " + (p.defaultValue().isEmpty() ? "" : "`" + p.defaultValue() + "`") + " | "
                    + p.role().id() + " | " + meaning(p) + " |");
        }
        out.add(END);
        return out;
    }

    /** The description, then what the declaration adds: the choices, secrecy, the serve option, the bounds. */
    static String meaning(Parameter p) {
        StringBuilder s = new StringBuilder(p.description());
        if (!p.choices().isEmpty()) {
            s.append(" (one of ").append(String.join(", ", p.choices().stream().map(c -> "`" + c + "`").toList())).append(')');
        }
        if (p.secret()) {
            s.append(" (*secret*)");
        }
        if (p.provisioning()) {
            s.append(" (`").append(p.serveOption()).append("`)");
        }
        if (p.bounds() != null) {
            s.append(" (").append(p.bounds().text()).append(')');
        }
        return s.toString();
    }

    /** {@code lines} with the written table in place of the one between the markers. */
    public static List<String> rewritten(List<String> lines) {
        int begin = lines.indexOf(BEGIN);
        int end = lines.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("the table's markers are missing: " + BEGIN + " … " + END);
        }
        List<String> out = new ArrayList<>(lines.subList(0, begin));
        out.addAll(table());
        out.addAll(lines.subList(end + 1, lines.size()));
        return out;
    }

    /** Rewrites the table of the file given (docs/parameters.md). */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ParametersDoc <docs/parameters.md>");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        Files.write(file, rewritten(Files.readAllLines(file)));
    }
}
