package io.idbench.telemetry;

import io.idbench.record.RecordFile;
import io.idbench.record.RunStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Watches the remote JMeter engines while the run's JMeter runs the plan on them (a thread of the run, beside the JMeter
 * process it started). JMeter's client waits for every engine to report its end: one that died never does, and the run
 * would wait until it is killed. So an engine that stops accepting connections on two checks in a row fails the run: the
 * record says which engine and when, and JMeter is stopped, which fails the run.
 */
public final class EngineWatch {
    /** How long an engine may take to accept a connection before it counts as down. */
    public static final int CONNECT_TIMEOUT_MS = 3_000;
    /** Between checks: an engine that died is noticed within two of them. */
    public static final Duration PERIOD = Duration.ofSeconds(2);

    private final List<String> engines;
    private final Path record;
    private final PrintStream err;

    /** @param record the run's record, marked failed when an engine dies */
    public EngineWatch(List<String> engines, Path record, PrintStream err) {
        this.engines = List.copyOf(engines);
        this.record = record;
        this.err = err;
    }

    /**
     * Checks the engines until {@code jmeter} ends.
     *
     * @return the engine that died, or empty when JMeter ended with all of them alive
     */
    public Optional<String> watch(ProcessHandle jmeter) throws InterruptedException {
        String failing = null;
        while (jmeter.isAlive()) {
            String down = firstDown();
            if (down != null && down.equals(failing)) {
                fail(jmeter, down);
                return Optional.of(down.substring(0, down.indexOf(' ')));
            }
            failing = down;
            Thread.sleep(PERIOD.toMillis());
        }
        return Optional.empty();
    }

    /** {@link #watch} in a daemon thread of its own, for as long as {@code jmeter} runs. */
    public Thread start(ProcessHandle jmeter) {
        Thread t = new Thread(() -> {
            try {
                var unused = watch(jmeter);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "idbench-engine-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The first engine that refuses a connection, with why ("host:port (Connection refused)"), or null. */
    private String firstDown() {
        for (String engine : engines) {
            String reason = unreachable(engine);
            if (reason != null) {
                return engine + " (" + reason + ")";
            }
        }
        return null;
    }

    private void fail(ProcessHandle jmeter, String down) {
        String reason = "JMeter engine " + down + " stopped answering during the run: its samples end there and JMeter's client"
                + " would wait for it forever";
        err.println("[idbench] " + reason + "; stopping JMeter: the run fails");
        err.flush();
        RecordFile.setStatus(record, RunStatus.FAILED, reason);
        jmeter.descendants().forEach(ProcessHandle::destroyForcibly);
        jmeter.destroyForcibly();
    }

    /** Why an engine ({@code host:port}) does not accept a connection (refused, timed out…), or null when it does. */
    public static String unreachable(String engine) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host(engine), port(engine)), CONNECT_TIMEOUT_MS);
            return null;
        } catch (IOException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    /** An engine's host, an IPv6 address without its brackets. */
    public static String host(String engine) {
        return engine.substring(0, engine.lastIndexOf(':')).replaceAll("^\\[|]$", "");
    }

    public static int port(String engine) {
        return Integer.parseInt(engine.substring(engine.lastIndexOf(':') + 1));
    }
}
