package io.idbench.seed;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Runs statements (index builds, key validations, VACUUM) over a few autocommit connections.
 * Each worker takes the first statement, in the given order (put the longest first), whose
 * prerequisites have all finished, so a foreign key is validated as soon as the key it references
 * exists rather than after every index. The first failure stops the others after their current
 * statement and is thrown. Each statement's wall time is kept: what bounds a seed is read from it.
 */
final class ParallelDdl {
    /** Per session: sorts for index builds and hash joins for key checks in memory, not in temp files. */
    static final String WORK_MEM = "4GB";

    /**
     * A GIN build's maintenance_work_mem. GIN collects keys in a tree and inserts them into the index
     * each time the tree fills this memory: a tree that stays in the CPU's caches is the faster one
     * (docs/figures.md measures it).
     */
    static final String GIN_BUILD_MEM = "16MB";

    /**
     * Parallel workers per index build: none. The sessions are one per core already, so a build's workers take no CPU the
     * other session was not using, and they cost work of their own: each writes its sorted share to temp files for the
     * leader to merge (docs/figures.md measures the index phase with and without them).
     */
    static final int BUILD_WORKERS = 0;

    /**
     * A statement, the name it is known by, the names that must have finished before it starts, and
     * the maintenance_work_mem it runs with.
     */
    record Step(String name, String sql, Set<String> after, String maintenanceWorkMem) {
        Step(String name, String sql, Set<String> after) {
            this(name, sql, after, WORK_MEM);
        }

        static Step of(String sql) {
            return new Step(sql, sql, Set.of());
        }
    }

    private final LinkedList<Step> waiting;
    private final Set<String> finished = new HashSet<>();
    private final Map<String, Duration> took = new LinkedHashMap<>();
    private int running;
    private final LongConsumer done;
    private SQLException failure;

    private ParallelDdl(List<Step> steps, LongConsumer done) {
        this.waiting = new LinkedList<>(steps);
        this.done = done;
    }

    /** @return each step's wall time, by name, in the order they finished */
    static Map<String, Duration> run(Database database, int parallelism, List<Step> steps, LongConsumer done) throws SQLException {
        if (steps.isEmpty()) {
            return Map.of();
        }
        ParallelDdl ddl = new ParallelDdl(steps, done);
        int workers = Math.min(parallelism, steps.size());
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "idbench-seed-ddl");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Void>> running = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                running.add(pool.submit(() -> ddl.work(database)));
            }
            for (Future<Void> w : running) {
                Concurrently.await(w);
            }
        } finally {
            pool.shutdownNow();
        }
        if (ddl.failure != null) {
            throw ddl.failure;
        }
        return ddl.took;
    }

    private Void work(Database database) throws SQLException, InterruptedException {
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("SET work_mem = '" + WORK_MEM + "'");
            s.execute("SET max_parallel_maintenance_workers = " + BUILD_WORKERS);
            String memory = null;
            Step step;
            while ((step = next()) != null) {
                long t0 = System.nanoTime();
                try {
                    if (!step.maintenanceWorkMem().equals(memory)) {
                        memory = step.maintenanceWorkMem();
                        s.execute("SET maintenance_work_mem = '" + memory + "'");
                    }
                    s.execute(step.sql());
                } catch (SQLException e) {
                    fail(new SQLException(e.getMessage() + " (while running: " + step.sql() + ")", e.getSQLState(), e));
                    return null;
                }
                finish(step, Duration.ofNanos(System.nanoTime() - t0));
            }
        }
        return null;
    }

    /**
     * The next step whose prerequisites are done; waits while only blocked ones remain and others
     * run; null when none is left, or when the remaining ones wait for steps that will never finish.
     */
    private synchronized Step next() throws InterruptedException {
        while (failure == null && !waiting.isEmpty()) {
            for (var it = waiting.iterator(); it.hasNext();) {
                Step s = it.next();
                if (finished.containsAll(s.after())) {
                    it.remove();
                    running++;
                    return s;
                }
            }
            if (running == 0) {
                failure = new SQLException("These statements wait for steps that never run: "
                        + waiting.stream().map(Step::name).toList());
                notifyAll();
                return null;
            }
            wait();
        }
        return null;
    }

    private synchronized void finish(Step step, Duration d) {
        running--;
        finished.add(step.name());
        took.put(step.name(), d);
        done.accept(finished.size());
        notifyAll();
    }

    private synchronized void fail(SQLException e) {
        failure = failure == null ? e : failure;
        notifyAll();
    }
}
