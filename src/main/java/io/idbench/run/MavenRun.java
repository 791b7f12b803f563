package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark as {@code ./mvnw verify} runs it, through exec-maven-plugin in Maven's JVM (so that {@code -D} overrides are
 * visible as system properties): {@code check} at process-classes validates the parameters before the jar is packed (a bad
 * one fails the build in seconds), {@code run} at integration-test is the whole run ({@link BenchmarkRun}). The axis
 * profiles each append their {@code -P<id>} to the arguments. A failure is one line on stderr and the build's exit code
 * (2 for a bad parameter, 1 for a failed run), without Maven's banner around it.
 */
public final class MavenRun {
    private MavenRun() {
    }

    public static void main(String[] args) throws Exception {
        Path basedir = Path.of(System.getProperty("idbench.basedir", ".")).toAbsolutePath();
        Path jar = Path.of(System.getProperty("idbench.jar", "target/idbench.jar"));
        String what = "";
        List<String> profiles = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("-P")) {
                profiles.add(arg.substring(2));
            } else {
                what = arg;
            }
        }
        try {
            BenchmarkRun run = new BenchmarkRun(basedir, jar, RunOptions.from(systemProperties(RunOptions.KEYS)), System.out);
            switch (what) {
                case "check" -> run.check(overrides(), profiles);
                case "run" -> run.run(overrides(), profiles);
                default -> throw new IllegalArgumentException("unknown step '" + what + "' (check, run)");
            }
        } catch (ConfigException | ServiceProcess.ServiceFailedException | RunFailedException e) {
            // exec-maven-plugin would wrap an exception in "An exception occurred while executing the Java class" and Maven's
            // banner: the failure is the build's one line instead, and its exit code the CLI's (2 for a bad parameter).
            System.out.flush();
            System.err.println("idbench: " + e.getMessage());
            System.err.flush();
            System.exit(e instanceof ConfigException ? 2 : 1);
        }
        System.out.flush();
    }

    /** The -D values of known parameters (Maven sets them as system properties). */
    static Map<String, String> overrides() {
        return systemProperties(Parameters.ALL.stream().map(Parameter::key).toList());
    }

    private static Map<String, String> systemProperties(List<String> keys) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : keys) {
            String v = System.getProperty(key);
            if (v != null) {
                out.put(key, v);
            }
        }
        return out;
    }
}
