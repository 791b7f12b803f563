package io.idbench.cli;

import io.idbench.provision.DeathWatch;
import io.idbench.record.PlannedStop;
import io.idbench.record.RecordFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Option;

/**
 * How a process that serves a benchmark run ({@code serve}, {@code keycloak}) lives: it starts its
 * stack, then runs until Ctrl-C, SIGTERM or (with --stop-with-parent) the end of the process that
 * started it, and stops everything it started, last first, in each case.
 */
public final class ServedUntilStopped {
    /**
     * The pid of the process that started this one, set by the build in the environment of the processes it starts: by the
     * time this one looks, that process may have ended and this one been handed to another parent.
     */
    public static final String PARENT_PID = "IDBENCH_PARENT_PID";

    @Option(names = "--run-record", paramLabel = "<dir>", hidden = true,
            description = "The benchmark run this process serves: marked interrupted if it stops while the run still runs.")
    Path runRecord;

    @Option(names = "--stop-with-parent", hidden = true,
            description = "Stop when the process that started this one ends (a build killed with SIGKILL leaves nothing).")
    boolean stopWithParent;

    /** Starts a stack: pushes each thing it starts on {@code started}, which is stopped last first. */
    @FunctionalInterface
    interface Start {
        void start(Deque<AutoCloseable> started) throws Exception;
    }

    /**
     * Starts the stack and waits until the process is stopped; a failure to start stops what had
     * started and is thrown. {@code what} names the process in an interrupted run's record.
     */
    int run(String what, PrintWriter out, Start start) throws Exception {
        Deque<AutoCloseable> started = new ConcurrentLinkedDeque<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = stopOnExit(what, started, out, stopped);
        try {
            start.start(started);
        } catch (Exception e) {
            Runtime.getRuntime().removeShutdownHook(hook);
            stopAll(started, out);
            throw e;
        }
        stopped.await();
        return 0;
    }

    /**
     * The shutdown hook: marks the run interrupted when it is still running, stops everything
     * started, then releases {@code stopped}. With --stop-with-parent, the process exits (running
     * the hook) when its parent ends.
     */
    private Thread stopOnExit(String what, Deque<AutoCloseable> started, PrintWriter out, CountDownLatch stopped) {
        Thread hook = new Thread(() -> {
            if (runRecord != null && !PlannedStop.planned(runRecord, ProcessHandle.current().pid())
                    && RecordFile.interruptIfRunning(runRecord, DeathWatch.death().orElse(
                            what + " was stopped before the run was recorded (the build failed or was stopped)"))) {
                out.println("Run " + runRecord + " recorded as interrupted");
            }
            stopAll(started, out);
            stopped.countDown();
        }, "idbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (stopWithParent) {
            // System.exit runs the hook above: the same orderly stop as SIGTERM. A parent already gone: at once.
            Optional<ProcessHandle> parent = startedBy();
            if (parent.isEmpty()) {
                System.exit(3);
            }
            // Nothing to observe: the future completes only when the parent has gone, and this process with it.
            var unused = parent.get().onExit().thenRun(() -> System.exit(3));
        }
        return hook;
    }

    /** The process that started this one, if still alive: the one the environment names, else the present parent. */
    private static Optional<ProcessHandle> startedBy() {
        String pid = System.getenv(PARENT_PID);
        if (pid == null || pid.isBlank()) {
            return ProcessHandle.current().parent();
        }
        return ProcessHandle.of(Long.parseLong(pid.strip())).filter(ProcessHandle::isAlive);
    }

    private static void stopAll(Deque<AutoCloseable> started, PrintWriter out) {
        ServiceStack.stopAll(started, out);
        out.println("Stopped.");
        out.flush();
    }
}
