package io.idbench.run;

import io.idbench.cli.Idbench;
import io.idbench.config.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A matrix's scenarios run one after another in this JVM ({@code idbench run --matrix}), each its own {@link BenchmarkRun}
 * recorded as one run: every scenario validated before the first starts, the expected time printed first, a failing scenario
 * recorded and the others run all the same.
 */
final class MatrixRun {
    private final Path project;
    private final Path jar;
    private final RunOptions options;
    private final PrintStream out;

    MatrixRun(Path project, Path jar, RunOptions options, PrintStream out) {
        this.project = project;
        this.jar = jar;
        this.options = options;
        this.out = out;
    }

    /** @return 0 when every scenario passed, 1 when one failed */
    int run(String name, String shard, boolean list, boolean checkOnly, Map<String, String> overrides, List<String> profiles)
            throws IOException {
        if (overrides.containsKey("scenario")) {
            throw new ConfigException("--matrix runs its own scenarios: drop -Dscenario=" + overrides.get("scenario"));
        }
        List<String> all = Matrix.scenarios(project.resolve("parameters"), name);
        List<String> scenarios = Matrix.share(all, shard);
        if (scenarios.isEmpty()) {
            out.println("[idbench] share " + shard + " of matrix '" + name + "' is empty (it has " + all.size() + " scenarios)");
            return 0;
        }
        if (list) {
            scenarios.forEach(out::println);
            return 0;
        }
        for (String s : scenarios) {
            try {
                new BenchmarkRun(project, jar, options, out).check(with(overrides, s), profiles);
            } catch (ConfigException e) {
                throw new ConfigException(s + ": " + e.getMessage());
            }
        }
        if (checkOnly) {
            out.println("[idbench] the " + scenarios.size() + " scenarios of matrix '" + name + "' are valid");
            return 0;
        }
        estimate(overrides.getOrDefault("results", "results"), scenarios);
        List<String> failed = new ArrayList<>();
        long begins = System.currentTimeMillis();
        for (int i = 0; i < scenarios.size(); i++) {
            String s = scenarios.get(i);
            out.println("=== [" + (i + 1) + "/" + scenarios.size() + "] " + s + " (" + LocalTime.now(ZoneOffset.UTC).truncatedTo(
                    ChronoUnit.SECONDS) + ")");
            BenchmarkRun run = new BenchmarkRun(project, jar, options, out);
            try {
                (i == 0 ? run : run.withStartedAt(begins)).run(with(overrides, s), profiles);
            } catch (RuntimeException | IOException e) {
                // Whatever failed this scenario (its thresholds, a service that did not start, a product's error): recorded as
                // the run says, and the matrix goes on with the next.
                out.println("idbench: " + s + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
                failed.add(s);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("the matrix was interrupted during " + s);
            }
            begins = System.currentTimeMillis();
        }
        out.println("=== matrix " + name + ": " + (scenarios.size() - failed.size()) + " of " + scenarios.size() + " scenarios passed"
                + (failed.isEmpty() ? "" : "; failed: " + String.join(" ", failed)));
        return failed.isEmpty() ? 0 : 1;
    }

    private static Map<String, String> with(Map<String, String> overrides, String scenario) {
        Map<String, String> m = new LinkedHashMap<>(overrides);
        m.put("scenario", scenario);
        return m;
    }

    /** The time it will take, stated before it is spent: each scenario's newest recorded run. */
    private void estimate(String results, List<String> scenarios) {
        List<String> args = new ArrayList<>(List.of("estimate", "--results=" + project.resolve(results), "--parameters=" + project
                .resolve("parameters")));
        args.addAll(scenarios);
        Idbench.commandLine().execute(args.toArray(String[]::new));
    }
}
