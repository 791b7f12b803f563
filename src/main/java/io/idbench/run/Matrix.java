package io.idbench.run;

import io.idbench.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A matrix: the scenarios a list of {@code parameters/matrix/<name>.txt} names, in its order. A list holds scenario names
 * ({@code parameters/<name>.properties}), {@code #} comments, and {@code @<list>} to include another list.
 */
final class Matrix {
    private static final Pattern SHARD = Pattern.compile("([1-9]\\d*)/([1-9]\\d*)");

    private Matrix() {
    }

    /** The matrix's scenarios, every name checked against its scenario file. */
    static List<String> scenarios(Path parameters, String name) {
        List<String> out = new ArrayList<>();
        expand(parameters, name, out, new LinkedHashSet<>());
        if (out.isEmpty()) {
            throw new ConfigException("matrix '" + name + "' is empty");
        }
        return out;
    }

    /**
     * Share {@code i} of {@code n} (as {@code "i/n"}): every n-th scenario from the i-th on, so that the shares differ by one
     * scenario at most and the long ones, listed together, are spread over the agents; empty when there are more agents than
     * scenarios.
     */
    static List<String> share(List<String> scenarios, String shard) {
        Matcher m = SHARD.matcher(shard);
        if (!m.matches() || Integer.parseInt(m.group(1)) > Integer.parseInt(m.group(2))) {
            throw new ConfigException("--shard must be <i>/<n> with 1 <= i <= n, was '" + shard + "'");
        }
        int i = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        List<String> out = new ArrayList<>();
        for (int k = i - 1; k < scenarios.size(); k += n) {
            out.add(scenarios.get(k));
        }
        return out;
    }

    /** The matrices there are, for a message. */
    static String known(Path parameters) {
        try (Stream<Path> files = Files.list(parameters.resolve("matrix"))) {
            return String.join(", ", files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".txt")).map(f -> f
                    .substring(0, f.length() - 4)).sorted().toList());
        } catch (IOException e) {
            return "none";
        }
    }

    private static void expand(Path parameters, String name, List<String> out, Set<String> open) {
        Path file = parameters.resolve("matrix").resolve(name + ".txt");
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("no matrix '" + name + "' (" + file + " does not exist); the matrices are " + known(parameters));
        }
        if (!open.add(name)) {
            throw new ConfigException("matrix '" + name + "' includes itself (through " + String.join(" > ", open) + ")");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
        for (String line : lines) {
            String entry = line.replaceAll("#.*", "").replaceAll("\\s", "");
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.startsWith("@")) {
                expand(parameters, entry.substring(1), out, open);
            } else if (!Files.isRegularFile(parameters.resolve(entry + ".properties"))) {
                throw new ConfigException(file + " names '" + entry + "', but " + parameters.resolve(entry + ".properties")
                        + " does not exist");
            } else {
                out.add(entry);
            }
        }
        open.remove(name);
    }
}
