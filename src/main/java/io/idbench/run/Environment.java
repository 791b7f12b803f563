package io.idbench.run;

import io.idbench.provision.BuildInfo;
import io.idbench.record.Environment.Provider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import oshi.SystemInfo;
import oshi.software.os.OperatingSystem;

/** The machine and software a run measured: what a reader needs to compare two runs honestly. */
final class Environment {
    private Environment() {
    }

    static io.idbench.record.Environment describe(Path basedir) {
        SystemInfo system = new SystemInfo();
        OperatingSystem os = system.getOperatingSystem();
        OperatingSystem.OSVersionInfo v = os.getVersionInfo();
        String name = os.getFamily() + (v.getVersion() == null ? "" : " " + v.getVersion())
                + (v.getCodeName() == null || v.getCodeName().isEmpty() ? "" : " (" + v.getCodeName() + ")");
        String dirty = git(basedir, "status", "--porcelain", "--untracked-files=no");
        return new io.idbench.record.Environment(system.getHardware().getProcessor().getProcessorIdentifier().getName(),
                Runtime.getRuntime().availableProcessors(), system.getHardware().getMemory().getTotal(),
                name + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", " + System.getProperty("os.arch")
                        + ")",
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
                BuildInfo.get("jmeter.version", "unknown"), git(basedir, "rev-parse", "HEAD"),
                dirty != null && !dirty.isBlank(), dirty != null && !dirty.isBlank() ? changesHash(basedir) : null,
                Map.<String, Provider>of(), null, null);
    }

    /** The first 12 hex digits of the SHA-256 of {@code git diff HEAD}: the same uncommitted changes, the same hash. */
    static String changesHash(Path basedir) {
        String diff = git(basedir, "diff", "--no-color", "--no-ext-diff", "HEAD");
        if (diff == null) {
            return null;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(diff.getBytes(StandardCharsets.UTF_8)), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String git(Path basedir, String... args) {
        try {
            List<String> command = new ArrayList<>(List.of("git", "-C", basedir.toString()));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
