package io.idbench.support;

import io.idbench.config.ScenarioConfig;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.provision.OrphanReaper;
import java.nio.file.Path;

/**
 * A JVM that starts the embedded PostgreSQL on a kept directory and begins to exit the moment pg_ctl runs, as a service does
 * when the build that started it is killed then (its --stop-with-parent): the start is cut short while pg_ctl still brings
 * the postmaster up. {@code java -cp <tests> io.idbench.support.ExitsAsPgCtlRuns <data dir> [before-pg_ctl]}.
 */
public final class ExitsAsPgCtlRuns {
    /** What it says as it begins to exit. */
    public static final String PG_CTL_RUNS = "pg_ctl runs: exiting";

    private ExitsAsPgCtlRuns() {
    }

    /** The second argument that makes it end before pg_ctl runs: its start's reaper armed, no postmaster ever started. */
    public static final String BEFORE_PG_CTL = "before-pg_ctl";

    public static void main(String[] args) {
        Path dataDir = Path.of(args[0]);
        if (args.length > 1 && args[1].equals(BEFORE_PG_CTL)) {
            var unused = OrphanReaper.watchStart(dataDir);
            Runtime.getRuntime().halt(3);
        }
        Thread watch = new Thread(() -> {
            while (ProcessHandle.current().children().noneMatch(p -> p.info().commandLine().orElse("").contains("pg_ctl"))) {
                Thread.onSpinWait();
            }
            System.out.println(PG_CTL_RUNS);
            System.exit(3);
        }, "exit-as-pg_ctl-runs");
        watch.setDaemon(true);
        watch.start();
        var unused = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("16MB").withPgDataDir(dataDir.toString())
                .build(), "a start cut short");
        System.exit(0);
    }
}
