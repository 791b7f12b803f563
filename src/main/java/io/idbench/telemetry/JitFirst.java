package io.idbench.telemetry;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The JIT compilers first, during the first warm-up only: the compiler threads of the run's JVMs (the service's, the
 * engine's, JMeter's) run at nice {@value #RAISED} until every side's first warm-up has ended (its {@code warmup-*.json}
 * says steady), then at 0 again. On two cores the load saturates and they would otherwise get one thread's share, so the
 * first warm-up would last as long as they need; left raised through the measured repetitions they would take the
 * measured load's CPU (docs/measurement.md has the figures). With a comparison's forks, the services' new JVMs begin
 * another first warm-up. Only root may lower a nice value; elsewhere nothing is changed.
 */
final class JitFirst {
    /** The nice value of compiler threads during the first warm-up. */
    static final int RAISED = -10;
    private static final int PRIO_PROCESS = 0;

    private interface LibC extends Library {
        int setpriority(int which, int who, int prio);
    }

    private final Path warmupReports;
    private final int sides;
    /** Whether the services start again during the run (a comparison's forks): their new JVMs' first warm-up counts too. */
    private final boolean forks;
    private final Set<Long> raised = new HashSet<>();
    private final Set<Long> known = new HashSet<>();
    /** The warm-up reports written before the present first warm-ups began. */
    private Set<Path> earlier = Set.of();
    private LibC libc;
    private boolean over;

    /**
     * @param warmupReports where the plans write {@code warmup-<rep>.json} when a warm-up ends; {@code sides} 1 or 2
     * @param forks         whether a JVM that appears later (a service started again for a fork) begins another first warm-up
     */
    JitFirst(Path warmupReports, int sides, boolean forks) {
        this.warmupReports = warmupReports;
        this.sides = sides;
        this.forks = forks;
    }

    static boolean allowed() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Raises the compiler threads of these JVMs not raised yet; once every side's first warm-up ended, restores them all. */
    void tick(Collection<Long> jvms) {
        boolean newJvm = !known.containsAll(jvms);
        known.addAll(jvms);
        if (over && forks && newJvm) {
            over = false;
            earlier = reports().collect(java.util.stream.Collectors.toSet());
        }
        if (over) {
            return;
        }
        if (warmUpsEnded() >= sides) {
            over = true;
            raised.forEach(tid -> nice(tid, 0));
            raised.clear();
            return;
        }
        for (long pid : jvms) {
            compilerThreads(pid).stream().filter(raised::add).forEach(tid -> nice(tid, RAISED));
        }
    }

    /**
     * How many warm-ups have ended: the reports that say steady, or all of them once there are more reports than sides (a
     * report is rewritten every window, and one cut at warmupMax never says steady; a later repetition's means it ended).
     */
    private long warmUpsEnded() {
        List<Path> all = reports().filter(r -> !earlier.contains(r)).toList();
        return all.size() > sides ? all.size() : all.stream().filter(JitFirst::saysSteady).count();
    }

    private Stream<Path> reports() {
        try (Stream<Path> reports = Files.list(warmupReports)) {
            return reports.filter(r -> r.getFileName().toString().matches("warmup-.*\\.json")).toList().stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static boolean saysSteady(Path report) {
        try {
            return Files.readString(report).contains("\"steady\":true");
        } catch (IOException e) {
            return false;
        }
    }

    /** A JVM's compiler threads ("C1 CompilerThre", "C2 CompilerThre": Linux cuts a thread's name at 15 characters). */
    static List<Long> compilerThreads(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.filter(t -> {
                try {
                    return Files.readString(t.resolve("comm")).matches("C[12] CompilerThre.*\\s*");
                } catch (IOException e) {
                    return false;
                }
            }).map(t -> Long.parseLong(t.getFileName().toString())).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private void nice(long tid, int value) {
        if (libc == null) {
            libc = Native.load("c", LibC.class);
        }
        libc.setpriority(PRIO_PROCESS, (int) tid, value);
    }
}
