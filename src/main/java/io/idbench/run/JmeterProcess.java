package io.idbench.run;

import io.idbench.telemetry.EngineWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One JMeter process over a plan, started by the run from the tree the build set up ({@link JmeterInstall}): non-GUI, its
 * samples to a CSV results file, the run's properties files given with {@code -q} (and to remote engines with {@code -G}),
 * its output echoed as it comes. A child of the run's JVM: it ends with it ({@code idbench.buildPid} in the plans, and the
 * run's own stop when it fails).
 */
final class JmeterProcess {
    private final JmeterInstall jmeter;
    private final RunOptions options;
    private final PrintStream out;

    JmeterProcess(JmeterInstall jmeter, RunOptions options, PrintStream out) {
        this.jmeter = jmeter;
        this.options = options;
        this.out = out;
    }

    /** The command line of a plan's run: what jmeter-maven-plugin's jmeter goal ran, with the run's own files. */
    List<String> command(Path plan, Path results, Path log, List<Path> properties, List<String> remotes) {
        List<String> c = new ArrayList<>(List.of(java(), "-Xms" + options.jmeterHeapMb() + "M", "-Xmx" + options.jmeterHeapMb() + "M"));
        c.addAll(options.jmeterJvmOptions());
        c.add("-Djava.awt.headless=true");
        if (!remotes.isEmpty()) {
            c.add("-Djava.rmi.server.hostname=" + options.rmiHostname());
        }
        c.addAll(List.of("-jar", jmeter.jar().toString(), "-d", jmeter.home().toString(), "-j", log.toString(), "-l",
                results.toString(), "-n"));
        properties.forEach(p -> c.addAll(List.of("-q", p.toString())));
        c.addAll(List.of("-t", plan.toString()));
        if (!remotes.isEmpty()) {
            // The engines evaluate the plan's ${__P(…)}: they get the same files as JMeter's global properties, by name, which
            // keeps the tokens in them off the command line and out of JMeter's log.
            c.addAll(List.of("-R", String.join(",", remotes)));
            properties.forEach(p -> c.add("-G" + p));
        }
        c.addAll(List.of("-Dsun.net.http.allowRestrictedHeaders", "true"));
        return c;
    }

    /**
     * Runs the plan to its end; with remote engines, an engine that dies fails {@code record} and stops JMeter.
     *
     * @return JMeter's exit code
     */
    int run(Path plan, Path results, Path log, List<Path> properties, List<String> remotes, Path record) throws IOException,
            InterruptedException {
        Files.createDirectories(results.getParent());
        Files.createDirectories(log.getParent());
        out.println("[idbench] JMeter runs " + plan.getFileName() + " (log: " + log + ")");
        Process p = new ProcessBuilder(command(plan, results, log, properties, remotes)).directory(jmeter.home().resolve("bin")
                .toFile()).redirectErrorStream(true).start();
        if (!remotes.isEmpty()) {
            // JMeter's client would wait forever for an engine that died: the watch fails the run instead.
            new EngineWatch(remotes, record, out).start(p.toHandle());
        }
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.println(line);
            }
            return p.waitFor();
        } finally {
            if (p.isAlive()) {
                ServiceProcess.stop(p.toHandle());
            }
        }
    }

    /** JMeter's HTML dashboard of a results file (every fork's samples), written to {@code reports}. */
    int dashboard(Path results, Path reports, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(java(), "-Xmx" + options.jmeterHeapMb() + "M", "-Djava.awt.headless=true", "-jar",
                jmeter.jar().toString(), "-d", jmeter.home().toString(), "-j", log.toString(), "-g", results.toString(), "-o",
                reports.toString()).directory(jmeter.home().resolve("bin").toFile()).redirectErrorStream(true).redirectOutput(log
                        .resolveSibling(log.getFileName() + ".out").toFile())
                .start();
        return p.waitFor();
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
