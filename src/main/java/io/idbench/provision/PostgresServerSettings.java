package io.idbench.provision;

import io.idbench.config.ScenarioConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server settings every PostgreSQL idbench starts runs with, whichever provider starts it:
 * the embedded server, the container, and {@code docker-compose.yml} for the external provider
 * (a test keeps the compose file equal to {@link #commandLine} of the defaults). One list, so
 * that a run's numbers do not depend on who started the server.
 */
public final class PostgresServerSettings {
    /** The run's statement statistics (telemetry) need the library loaded at server start. */
    public static final String PRELOAD = "pg_stat_statements";
    /** Room above the pool for the seeder's and telemetry's own connections and a psql or two. */
    private static final int SPARE_CONNECTIONS = 20;
    private static final int MIN_CONNECTIONS = 100;
    /** Checkpoints far apart: a 1M seed writes gigabytes of WAL, and forced checkpoints would pace it. */
    private static final String MAX_WAL_SIZE = "4GB";
    /** {@link #MAX_WAL_SIZE} in bytes: how much write-ahead log a load keeps before a checkpoint recycles it. */
    public static final long MAX_WAL_BYTES = 4L << 30;
    /**
     * A random page read costs about what a sequential one does when the data is cached, as a
     * benchmark's is; at the default 4 the planner preferred filtering 50,000 rows read in ssn order
     * to fetching the 5,000 that plan 4's (userType, ssn) index names.
     */
    private static final String RANDOM_PAGE_COST = "1.1";

    private PostgresServerSettings() {
    }

    /** Name to value, in the order they are given to the server. */
    public static Map<String, String> of(ScenarioConfig config) {
        Map<String, String> s = new LinkedHashMap<>();
        // zonky's test defaults turn these off; a benchmark must pay for durable commits like a deployment.
        s.put("fsync", "on");
        s.put("synchronous_commit", "on");
        s.put("full_page_writes", "on");
        s.put("shared_buffers", config.pgSharedBuffers());
        s.put("max_connections", String.valueOf(Math.max(MIN_CONNECTIONS, config.dbPoolSize() + SPARE_CONNECTIONS)));
        s.put("shared_preload_libraries", PRELOAD);
        s.put("pg_stat_statements.track", "top");
        s.put("max_wal_size", MAX_WAL_SIZE);
        s.put("random_page_cost", RANDOM_PAGE_COST);
        return s;
    }

    /** {@code postgres -c name=value …}: the command of a container (official image or compatible). */
    public static List<String> commandLine(ScenarioConfig config) {
        List<String> cmd = new ArrayList<>(List.of("postgres"));
        of(config).forEach((name, value) -> {
            cmd.add("-c");
            cmd.add(name + "=" + value);
        });
        return cmd;
    }
}
