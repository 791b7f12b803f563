package io.idbench.targets.ldap;

import io.idbench.common.FileTrees;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** OpenLDAP's programs as Debian installs them (scripts/install-openldap.sh): slapd, and slapadd to load it offline. */
public final class Slapd {
    public static final Path SLAPD = Path.of("/usr/sbin/slapd");
    public static final Path SLAPADD = Path.of("/usr/sbin/slapadd");
    /** What a missing slapd is answered with. */
    public static final String MISSING = "OpenLDAP's slapd is not installed (" + SLAPD + "): run scripts/install-openldap.sh"
            + " (Debian's slapd and ldap-utils, installed unconfigured and not started)";
    private static final Pattern VERSION = Pattern.compile("slapd (\\d+\\.\\d+\\.\\d+)");

    /** Writes LDIF into slapadd's input. */
    @FunctionalInterface
    public interface Ldif {
        void writeTo(Appendable out) throws IOException;
    }

    private Slapd() {
    }

    public static void requireInstalled() {
        if (!Files.isExecutable(SLAPD) || !Files.isExecutable(SLAPADD)) {
            throw new IllegalStateException(MISSING);
        }
    }

    /** slapd's version, e.g. 2.5.13 (from {@code slapd -VV}). */
    public static String version() {
        requireInstalled();
        try {
            Process p = new ProcessBuilder(SLAPD.toString(), "-VV").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            Matcher m = VERSION.matcher(text);
            if (!m.find()) {
                throw new IllegalStateException("slapd -VV did not name a version: " + text.strip());
            }
            return m.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + SLAPD + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking slapd its version", e);
        }
    }

    /**
     * Loads the LDIF into the configuration's (empty) data directory with {@code slapadd -q} (no consistency checks: the input
     * is generated), streamed through its standard input; slapadd's output goes to {@code log}.
     */
    public static void slapadd(SlapdConfig config, Ldif ldif, Path log) throws IOException, InterruptedException {
        requireInstalled();
        Files.createDirectories(config.dataDir());
        Process p = new ProcessBuilder(List.of(SLAPADD.toString(), "-f", config.configFile().toString(), "-q"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try (BufferedWriter in = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8), 1 << 16)) {
            ldif.writeTo(in);
        } catch (IOException e) {
            p.waitFor();
            throw new IOException("slapadd stopped reading its input (exit " + p.exitValue() + "): " + FileTrees.tail(log, 10), e);
        } finally {
            if (p.isAlive() && Thread.currentThread().isInterrupted()) {
                p.destroyForcibly();
            }
        }
        int exit = p.waitFor();
        if (exit != 0) {
            throw new IOException("slapadd exited with status " + exit + ": " + FileTrees.tail(log, 10));
        }
    }
}
