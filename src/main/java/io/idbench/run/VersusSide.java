package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.ScenarioResolver;
import io.idbench.record.Side;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Side B of an interleaved comparison ({@code -Dversus}): its scenario's file with this run's shape (threads, loops,
 * repetitions … of the -D overrides), its own axes and handicap, its record, its service's options and jar. One plan drives
 * both sides, so the plans must agree, and both work on datasets of one size. Its PostgreSQL keeps its data beside A's.
 */
record VersusSide(ScenarioResolver.Resolved resolved, RunSettings settings, Path recordDir, List<String> serveArgs, Path jar) {

    /** What of A's overrides B does not take: A's axes, the comparison itself (versus…), A's handicap, data directory and baseline. */
    private static final List<String> A_ONLY = List.of("versus", "handicap", "pgDataDir", "baseline");

    static VersusSide of(ScenarioResolver resolver, Map<String, String> overrides, RunSettings a, Path basedir, RunDirectory run,
            Instant now) {
        Map<String, String> b = new LinkedHashMap<>(overrides);
        RunSettings.AXES.forEach(b::remove);
        A_ONLY.forEach(b::remove);
        b.keySet().removeIf(k -> k.startsWith("versus."));
        b.put(Parameters.SCENARIO, a.versus);
        if (!a.versusHandicap.isBlank()) {
            b.put("handicap", a.versusHandicap);
        }
        ScenarioResolver.Resolved resolved = resolver.resolve(b, List.of());
        RunSettings settings = new RunSettings(resolved, now);
        if (settings.plan != a.plan) {
            throw new ConfigException("versus drives both sides with one plan, but " + a.recordScenario + " runs plan " + a.plan
                    + " and " + a.versus + " plan " + settings.plan);
        }
        if (settings.users != a.users) {
            throw new ConfigException("versus compares two configurations on datasets of one size, but " + a.recordScenario + " has "
                    + a.users + " identities and " + a.versus + " " + settings.users);
        }
        Path jar = a.versusJar == null ? null : basedir.resolve(a.versusJar).normalize();
        if (jar != null && !Files.isRegularFile(jar)) {
            throw new ConfigException("versus.jar " + jar + " is not a file (build the other commit with ./mvnw package and give its"
                    + " target/idbench.jar)");
        }
        String runId = settings.recordScenario.equals(a.recordScenario) ? a.runId + "-versus" : a.runId;
        Path recordDir = settings.newRecordDir(basedir, runId);
        Map<String, String> named = new LinkedHashMap<>(b);
        named.put("runId", runId);
        RunSettings recorded = new RunSettings(resolver.resolve(named, List.of()), now);
        List<String> args = new ArrayList<>(ServeArguments.serve(resolved, run.serviceInfo(Side.B)));
        if (jar != null) {
            withoutOptionsUnknownTo(OtherJarOptions.serve(jar), "versus.jar " + jar, args);
        }
        String dataDir = resolved.get("pgDataDir");
        if (!dataDir.equals(ScenarioConfig.NO_PG_DATA_DIR)) {
            args.removeIf(x -> x.startsWith("--pg-data-dir="));
            args.add("--pg-data-dir=" + dataDir + ScenarioConfig.OTHER_SIDE_SUFFIX);
        }
        return new VersusSide(resolved, recorded, recordDir, args, jar);
    }

    /**
     * The other build may predate a serve option this one passes: an option it does not know is left out when its value is
     * the default (the other build then runs as it always did), and refused otherwise, since it cannot honour it.
     */
    static void withoutOptionsUnknownTo(Set<String> known, String other, List<String> args) {
        args.removeIf(arg -> {
            String option = arg.split("=", 2)[0];
            Optional<Parameter> p = Parameters.ALL.stream().filter(x -> option.equals(x.serveOption())).findFirst();
            if (p.isEmpty() || known.contains(option)) {
                return false;
            }
            if (arg.equals(option + "=" + p.get().defaultValue())) {
                return true;
            }
            throw new ConfigException(other + " does not know " + option + "; it can be compared only with " + p.get().key()
                    + " at its default (" + p.get().defaultValue() + ")");
        });
    }
}
