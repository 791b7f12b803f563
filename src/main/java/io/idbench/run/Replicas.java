package io.idbench.run;

import io.idbench.cli.ReadyFile;
import io.idbench.common.PrivateFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The replicas of the service under test ({@code -Dinstances=N}): N - 1 more {@code idbench serve --replica} processes on
 * the first one's database and engine, each with its own port, pool and heap, started together once the first is ready
 * (it seeded the dataset and built the index they serve). They share its token, admin password and token key, so a token
 * one issued is valid at every other.
 */
final class Replicas {
    /** The first service's options a replica must not repeat: what it provisions, seeds, listens on or writes. */
    static final List<String> PRIMARY_ONLY = List.of("--db-provider=", "--db-url=", "--db-user=", "--db-password=",
            "--pg-data-dir=", "--pg-shared-buffers=", "--pg-memory=", "--datasets-max-bytes=", "--pg-data-dir-wait=", "--pg-image=",
            "--search-provider=",
            "--search-url=",
            "--search-heap=", "--search-memory=",
            "--search-nodes=", "--search-home=", "--elasticsearch-image=", "--opensearch-image=", "--fresh", "--users-csv=",
            "--info-file=", "--run-record=", "--port=");

    private Replicas() {
    }

    /** A replica's serve arguments (quoted lines, as the first's): the first's, on its database and engine. */
    static List<String> args(List<String> primaryArgs, ServiceInfo primary, Path infoFile) {
        List<String> args = new ArrayList<>();
        for (String line : primaryArgs) {
            String option = line.startsWith("\"") ? line.substring(1) : line;
            if (PRIMARY_ONLY.stream().noneMatch(option::startsWith)) {
                args.add(line);
            }
        }
        ReadyFile.DatabaseAccess db = primary.ready().database();
        if (db == null || db.jdbcUrl() == null) {
            throw new IllegalStateException("the service's ready file names no database: a replica cannot be started on it");
        }
        args.add("--replica");
        args.add(ArgsFile.quoted("--db-provider=external"));
        args.add(ArgsFile.quoted("--db-url=" + db.jdbcUrl()));
        args.add(ArgsFile.quoted("--db-user=" + db.user()));
        if (db.password() != null && !db.password().isEmpty()) {
            args.add(ArgsFile.quoted("--db-password=" + db.password()));
        }
        if (primary.ready().searchUrl() != null) {
            args.add(ArgsFile.quoted("--search-provider=external"));
            args.add(ArgsFile.quoted("--search-url=" + primary.ready().searchUrl()));
        }
        args.add(ArgsFile.quoted("--info-file=" + infoFile));
        return args;
    }

    /** Starts replicas 2 … instances of the ready service {@code primary} and waits until each is ready. */
    static List<ServiceInfo> start(RunDirectory run, Path jar, int instances, ServiceInfo primary, String heap, Duration timeout,
            PrintStream out) throws IOException, InterruptedException {
        List<String> primaryArgs = Files.readAllLines(run.serveArgs());
        List<Process> processes = new ArrayList<>();
        RunTarget service = new OwnServiceTarget();
        for (int k = 2; k <= instances; k++) {
            Files.write(PrivateFiles.ensure(run.replicaArgs(k)), args(primaryArgs, primary, run.replicaInfo(k)));
            processes.add(
                    ServiceProcess.launch(jar, service.commandName(), service.jvmOptions(heap), run.replicaArgs(k), run.replicaLog(k)));
        }
        out.println("[idbench] Starting " + (instances - 1) + " more replica" + (instances > 2 ? "s" : "") + " of the service on its"
                + " database" + (primary.ready().searchUrl() != null ? " and engine" : "") + " (logs: " + run.replicaLog(2).getFileName()
                + (instances > 2 ? " …" : "") + ")…");
        out.flush();
        List<ServiceInfo> replicas = new ArrayList<>();
        for (int k = 2; k <= instances; k++) {
            String prefix = "[replica " + k + "] ";
            ServiceProcess.awaitReady(processes.get(k - 2), run.replicaInfo(k), run.replicaLog(k), timeout,
                    line -> out.println(prefix + line));
            replicas.add(ServiceInfo.read(run.replicaInfo(k)));
        }
        return replicas;
    }
}
