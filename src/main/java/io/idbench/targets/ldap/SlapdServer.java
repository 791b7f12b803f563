package io.idbench.targets.ldap;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeException;
import dev.failsafe.RetryPolicy;
import io.idbench.common.FileTrees;
import io.idbench.provision.ChildServers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;

/**
 * slapd as a child process: in the foreground ({@code -d 0}: it neither forks nor detaches, so it is this process's child
 * and ends with it), listening on one loopback port only. Ready when the rootdn can bind; stopped with SIGTERM (slapd closes
 * its database cleanly), then SIGKILL.
 */
public final class SlapdServer implements AutoCloseable {
    /** Opening an MDB map takes no time; a minute covers a machine that is busy. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(1);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(50);

    private final Process process;
    private final SlapdConfig config;
    private final int port;
    private final Duration startup;

    private SlapdServer(Process process, SlapdConfig config, int port, Duration startup) {
        this.process = process;
        this.config = config;
        this.port = port;
        this.startup = startup;
    }

    /** Starts slapd on {@code port} of 127.0.0.1 with a written configuration and waits until the rootdn can bind. */
    public static SlapdServer start(SlapdConfig config, int port) {
        Slapd.requireInstalled();
        long t0 = System.nanoTime();
        Process p;
        try {
            p = new ProcessBuilder(List.of(Slapd.SLAPD.toString(), "-f", config.configFile().toString(),
                    "-h", "ldap://127.0.0.1:" + port + "/", "-d", "0")).redirectErrorStream(true)
                    .redirectOutput(config.workDir().resolve("slapd.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + Slapd.SLAPD + ": " + e.getMessage(), e);
        }
        SlapdServer starting = new SlapdServer(p, config, port, null);
        try {
            awaitReady(starting);
        } catch (RuntimeException e) {
            starting.close();
            throw e;
        }
        return new SlapdServer(p, config, port, Duration.ofNanos(System.nanoTime() - t0));
    }

    private static void awaitReady(SlapdServer s) {
        RetryPolicy<Boolean> untilReady = RetryPolicy.<Boolean>builder().handle(LDAPException.class)
                .abortOn(e -> !s.process.isAlive()).withDelay(POLL_INTERVAL).withMaxDuration(STARTUP_TIMEOUT).withMaxRetries(-1)
                .build();
        try {
            Failsafe.with(untilReady).run(() -> {
                try (LDAPConnection c = s.connect()) {
                    c.getRootDSE();
                }
            });
        } catch (FailsafeException e) {
            String log = FileTrees.tail(s.config.workDir().resolve("slapd.log"), 20);
            throw new IllegalStateException((s.process.isAlive() ? "slapd did not answer within " + STARTUP_TIMEOUT.toSeconds() + " s"
                    : "slapd exited with status " + s.process.exitValue()) + " (configuration " + s.config.configFile() + ")"
                    + (log.isBlank() ? "" : "; its last lines:\n" + log), e);
        }
    }

    /** A connection bound as the rootdn. */
    public LDAPConnection connect() throws LDAPException {
        return new LDAPConnection("127.0.0.1", port, DirectoryLayout.ROOT_DN, config.rootPassword());
    }

    public int port() {
        return port;
    }

    /** ldap://127.0.0.1:port/base: where the plans find the directory. */
    public String url() {
        return "ldap://127.0.0.1:" + port + "/" + DirectoryLayout.BASE_DN;
    }

    public long pid() {
        return process.pid();
    }

    public Duration startup() {
        return startup;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        ChildServers.stop(process, STOP_TIMEOUT, null);
    }
}
