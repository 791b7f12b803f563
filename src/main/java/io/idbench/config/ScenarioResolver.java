package io.idbench.config;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The parameters of a run, in layers, later ones winning: the defaults, the scenario file
 * ({@code parameters/<scenario>.properties}), the axis profiles ({@code -Prelational} …), the
 * {@code -D} overrides. A contradiction between layers that the user chose explicitly (a profile
 * against a named scenario or a {@code -D}, two profiles on one axis) is an error, not a silent
 * winner. Each value remembers where it came from.
 */
public final class ScenarioResolver {
    /** Where each value came from, as summary.json records it. */
    public static final String DEFAULT = "default";
    public static final String OVERRIDE = "-D";

    /** The axis profiles of the POM and the parameter each one sets. */
    public static final Map<String, Map.Entry<String, String>> PROFILES = profiles();

    /** -P&lt;storage&gt; for each storage, -Psql/-Pes/-Pos for each search mode, -Pdyn/-Pnodyn. */
    private static Map<String, Map.Entry<String, String>> profiles() {
        Map<String, Map.Entry<String, String>> profiles = new LinkedHashMap<>();
        for (Storage s : Storage.values()) {
            profiles.put(s.id(), Map.entry("storage", s.id()));
        }
        for (SearchMode m : SearchMode.values()) {
            profiles.put(m.shortName(), Map.entry("search", m.id()));
        }
        profiles.put("nodyn", Map.entry("dyn", "false"));
        profiles.put("dyn", Map.entry("dyn", "true"));
        for (TargetKind kind : TargetKind.values()) {
            if (kind.profile() != null) {
                profiles.put(kind.profile(), Map.entry("target", kind.id()));
            }
        }
        return Map.copyOf(profiles);
    }

    private final Path parametersDir;

    public ScenarioResolver(Path parametersDir) {
        this.parametersDir = parametersDir;
    }

    /** The values and their origins, in {@link Parameters#ALL} order. */
    public record Resolved(String scenario, boolean scenarioNamed, Path scenarioFile, Map<String, String> values,
            Map<String, String> origins) {
        public String get(String key) {
            return values.get(key);
        }

        /** A parameter that is true or false and nothing else. */
        public boolean flag(String key) {
            String v = get(key);
            return switch (v) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new ConfigException(key + " must be true or false, was '" + v + "'");
            };
        }

        /** {@code key}'s value as a whole number within the bounds its declaration gives. */
        public long whole(String key) {
            Parameter.Bounds b = bounds(key);
            long n = parsed(key, Long::valueOf, "a whole number");
            if (n < b.min() || n > b.max()) {
                throw new ConfigException(key + " must be " + b.refusal() + ", was " + n);
            }
            return n;
        }

        /** {@code key}'s value as a number within the bounds its declaration gives. */
        public double number(String key) {
            Parameter.Bounds b = bounds(key);
            double d = parsed(key, Double::valueOf, "a number");
            if (!(d >= b.min() && d <= b.max())) {
                throw new ConfigException(key + " must be " + b.refusal() + ", was " + get(key));
            }
            return d;
        }

        private static Parameter.Bounds bounds(String key) {
            Parameter.Bounds b = Parameters.of(key).bounds();
            if (b == null) {
                throw new IllegalStateException(key + " is declared without bounds in Parameters.ALL");
            }
            return b;
        }

        /** {@code key}'s value parsed, else "{@code key} must be {@code what}, was '…'". */
        private <T> T parsed(String key, java.util.function.Function<String, T> parse, String what) {
            String v = get(key);
            try {
                return parse.apply(v);
            } catch (NumberFormatException e) {
                throw new ConfigException(key + " must be " + what + ", was '" + v + "'");
            }
        }

        /** Whether the scenario file itself sets key to value, whatever a profile set beside it. */
        public boolean scenarioSets(String key, String value) {
            return scenarioFile != null && value.equals(load(scenarioFile).get(key));
        }

        /** Given by the user (a -D or a profile), not by a default or the scenario file. */
        public boolean explicit(String key) {
            String origin = origins.get(key);
            return origin.equals(OVERRIDE) || origin.startsWith("-P");
        }
    }

    /**
     * @param overrides the -D values (only known keys are read: Maven's own properties are ignored)
     * @param profiles  the active axis profiles by id
     */
    public Resolved resolve(Map<String, String> overrides, List<String> profiles) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> origins = new LinkedHashMap<>();
        Parameters.ALL.forEach(p -> {
            values.put(p.key(), p.defaultValue());
            origins.put(p.key(), DEFAULT);
        });
        boolean named = overrides.containsKey("scenario");
        boolean external = !overrides.getOrDefault("target.url", "").isBlank();
        String scenario = named ? overrides.get("scenario").trim() : external ? "external" : Parameters.DEFAULT_SCENARIO;
        Path file = null;
        if (named || !external) {
            file = scenarioFile(scenario);
            String origin = "scenario " + scenario;
            load(file).forEach((k, v) -> {
                values.put(k, v);
                origins.put(k, origin);
            });
        }
        values.put("scenario", scenario);
        origins.put("scenario", named ? OVERRIDE : DEFAULT);
        applyProfiles(profiles, named, scenario, values, origins);
        overrides.forEach((k, v) -> {
            if (Parameters.get(k).isEmpty() || k.equals(Parameters.SCENARIO)) {
                return;
            }
            String origin = origins.get(k);
            if (origin.startsWith("-P") && !values.get(k).equals(v.trim())) {
                throw new ConfigException("-D" + k + "=" + v.trim() + " contradicts profile " + origin + " (" + k + "="
                        + values.get(k) + "); drop one of them");
            }
            values.put(k, v.trim());
            origins.put(k, OVERRIDE);
        });
        return new Resolved(scenario, named, file, values, origins);
    }

    private void applyProfiles(List<String> profiles, boolean named, String scenario, Map<String, String> values,
            Map<String, String> origins) {
        for (String id : profiles) {
            Map.Entry<String, String> set = PROFILES.get(id);
            if (set == null) {
                throw new ConfigException("unknown axis profile -P" + id + "; the axis profiles are "
                        + String.join(", ", new TreeSet<>(PROFILES.keySet())));
            }
            String key = set.getKey();
            String origin = origins.get(key);
            if (origin.startsWith("-P") && !values.get(key).equals(set.getValue())) {
                throw new ConfigException("profiles " + origin + " and -P" + id + " both set " + key + "; choose one");
            }
            if (named && origin.startsWith("scenario") && !values.get(key).equals(set.getValue())) {
                throw new ConfigException("profile -P" + id + " sets " + key + "=" + set.getValue() + ", but scenario " + scenario
                        + " has " + key + "=" + values.get(key) + "; drop the profile or choose another scenario");
            }
            values.put(key, set.getValue());
            origins.put(key, "-P" + id);
        }
    }

    private Path scenarioFile(String scenario) {
        if (!scenario.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new ConfigException("scenario must be a file name in parameters/ (lower-case letters, digits, '.', '-', '_'), was '"
                    + scenario + "'");
        }
        Path file = parametersDir.resolve(scenario + ".properties");
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("no scenario '" + scenario + "': " + file + " does not exist (scenarios: "
                    + String.join(", ", scenarios()) + ")");
        }
        return file;
    }

    /** The scenario names in parameters/, sorted. */
    public List<String> scenarios() {
        try (Stream<Path> files = Files.list(parametersDir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".properties"))
                    .map(n -> n.substring(0, n.length() - ".properties".length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + parametersDir + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, String> load(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : new TreeSet<>(p.stringPropertyNames())) {
            if (Parameters.get(key).isEmpty() || key.equals(Parameters.SCENARIO)) {
                throw new ConfigException(file + ": unknown parameter '" + key + "'");
            }
            out.put(key, p.getProperty(key).trim());
        }
        return out;
    }
}
