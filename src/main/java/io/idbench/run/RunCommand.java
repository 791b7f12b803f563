package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code idbench run}: the whole benchmark run in this JVM, as {@code ./mvnw verify} runs it. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs one benchmark, from its parameters to its record, in this JVM.",
                "It does what ./mvnw -B verify -DskipTests does once the project is built: resolves and validates the",
                "parameters (a scenario file of parameters/, the axis profiles, -D), starts PostgreSQL, the search engine and the",
                "service (or the target), seeds or clones the dataset, runs the plan in one JMeter process (one per fork when two",
                "services are compared with versus.forks), stops everything it started, records the run in",
                "results/<scenario>/<run-id>/ and builds target/site. Whatever it starts stops with it, whether it ends, fails or",
                "is killed. It needs the project built once (./mvnw -B package -DskipTests packs the jar and sets up JMeter in",
                "target/). The parameters, their defaults and bounds are in docs/parameters.md.",
                "Exit codes: 0 the run passed; 1 it failed (its thresholds, a regression, a service that did not start); 2 a bad",
                "parameter (nothing started)."},
        footer = {"", "Examples:", "  java -jar target/idbench.jar run",
                "  java -jar target/idbench.jar run --matrix=small -Drepeat=10     # every scenario of parameters/matrix/small.txt",
                "  java -jar target/idbench.jar run --matrix=nightly --shard=2/3 --list",
                "  java -jar target/idbench.jar run -Dscenario=jsonb-nodyn-es-100k",
                "  java -jar target/idbench.jar run -Prelational -Pnodyn -Dusers=10000 -Drepeat=4"})
public final class RunCommand implements Callable<Integer> {
    @Option(names = "-D", paramLabel = "<key>=<value>", description = "A parameter of the run (--parameters lists them), or one of the"
            + " load's own options: jmeter.heap (MB), jmeter.gc (JVM options), jmeter.dashboard, jmeter.rmi.hostname, idbench.site"
            + " (false: no site after the run).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "-P", paramLabel = "<profile>", split = ",", description = "An axis profile, as Maven's -P: relational, jsonb,"
            + " es, os, sql, nodyn, dyn, target-keycloak, target-openldap.")
    List<String> profiles = new ArrayList<>();

    @Option(names = "--project", paramLabel = "<dir>", defaultValue = ".",
            description = "The project: its parameters/, jmeter/, results/ and target/ (default: ${DEFAULT-VALUE}).")
    Path project;

    @Option(names = "--jar", paramLabel = "<jar>", description = "The jar of the service measured (default: this jar, else"
            + " <project>/target/idbench.jar).")
    Path jar;

    @Option(names = "--check", description = "Resolve and validate the parameters only: nothing is started or written.")
    boolean check;

    @Option(names = "--matrix", paramLabel = "<name>", description = {"Run every scenario of parameters/matrix/<name>.txt, one"
            + " after another in this JVM, each recorded as its own run, with the -D and -P given for all; every scenario is"
            + " validated before the first starts, the expected time is printed first (idbench estimate), a failing scenario does"
            + " not stop the others, and the exit code is 1 if any failed."})
    String matrix;

    @Option(names = "--shard", paramLabel = "<i>/<n>", defaultValue = "1/1", description = "With --matrix: agent i of n runs every"
            + " n-th scenario from the i-th on (default: ${DEFAULT-VALUE}).")
    String shard;

    @Option(names = "--list", description = "With --matrix: only print its scenarios (of the shard), one per line.")
    boolean list;

    @Option(names = "--parameters", description = "Print every parameter -D takes, with its default, role and meaning (as"
            + " docs/parameters.md), and exit.")
    boolean parameters;

    @Override
    public Integer call() throws Exception {
        if (parameters) {
            ParameterList.print(System.out);
            return 0;
        }
        Map<String, String> overrides = new LinkedHashMap<>();
        Map<String, String> options = new LinkedHashMap<>();
        List<String> known = Parameter.keys(Parameters.ALL);
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (known.contains(e.getKey())) {
                overrides.put(e.getKey(), e.getValue());
            } else if (RunOptions.KEYS.contains(e.getKey())) {
                options.put(e.getKey(), e.getValue());
            } else {
                throw new ConfigException("unknown parameter -D" + e.getKey() + " (idbench run --parameters lists them; the load's options"
                        + " are " + String.join(", ", RunOptions.KEYS) + ")");
            }
        }
        RunOptions runOptions = RunOptions.from(options);
        List<String> axes = profiles.stream().flatMap(p -> Arrays.stream(p.split(","))).map(String::trim).filter(p -> !p.isEmpty())
                .toList();
        if (matrix != null) {
            return new MatrixRun(project, jar(), runOptions, System.out).run(matrix, shard, list, check, overrides, axes);
        }
        if (list || !shard.equals("1/1")) {
            throw new ConfigException((list ? "--list" : "--shard") + " takes a --matrix");
        }
        BenchmarkRun run = new BenchmarkRun(project, jar(), runOptions, System.out);
        if (check) {
            run.check(overrides, axes);
            System.out.println("[idbench] the parameters are valid");
        } else {
            run.run(overrides, axes);
        }
        return 0;
    }

    private Path jar() {
        if (jar != null) {
            return jar;
        }
        try {
            Path self = Path.of(RunCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(self) && self.toString().endsWith(".jar")) {
                return self;
            }
        } catch (URISyntaxException | SecurityException e) {
            // not from a jar: the project's
        }
        return project.resolve("target/idbench.jar");
    }
}
