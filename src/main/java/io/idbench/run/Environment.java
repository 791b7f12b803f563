package io.idbench.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The machine and software a run measured: what a reader needs to compare two runs honestly. */
final class Environment {
    private Environment() {
    }

    static ObjectNode describe(Path basedir) {
        ObjectNode env = Json.mapper().createObjectNode();
        env.put("cpuModel", firstValue(Path.of("/proc/cpuinfo"), "model name"));
        env.put("cpus", Runtime.getRuntime().availableProcessors());
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        env.put("memoryBytes", os.getTotalMemorySize());
        String pretty = firstValue(Path.of("/etc/os-release"), "PRETTY_NAME");
        env.put("os", (pretty == null ? System.getProperty("os.name") : pretty.replace("\"", "")) + " (" + System.getProperty("os.name")
                + " " + System.getProperty("os.version") + ", " + System.getProperty("os.arch") + ")");
        env.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
        env.put("jmeter", System.getProperty("idbench.jmeter.version", "unknown"));
        env.put("gitCommit", git(basedir, "rev-parse", "HEAD"));
        String dirty = git(basedir, "status", "--porcelain", "--untracked-files=no");
        env.put("gitDirty", dirty != null && !dirty.isBlank());
        return env;
    }

    /** "key : value" or "KEY=value" lines: the first value of {@code key}, or null. */
    private static String firstValue(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.startsWith(key)) {
                    int at = line.indexOf(line.contains(":") && !line.contains("=") ? ':' : '=');
                    return line.substring(at + 1).trim();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static String git(Path basedir, String... args) {
        try {
            Process p = new ProcessBuilder(concat(List.of("git", "-C", basedir.toString()), args)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static List<String> concat(List<String> head, String... tail) {
        var all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all;
    }
}
