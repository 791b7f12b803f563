package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.telemetry.CpuSampler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code idbench cpu-sampler} (hidden, started by the benchmark's start step beside the service):
 * the CPU time of each component of a run, sampled until the service ends.
 */
@Command(name = "cpu-sampler", hidden = true, mixinStandardHelpOptions = true,
        description = "Samples the CPU time of a run's processes and of the machine into a CSV until the service ends.")
public final class CpuSamplerCommand implements Callable<Integer> {
    /** Short enough to place a 1 s measured window within a few percent; long enough to cost little. */
    public static final long DEFAULT_PERIOD_MILLIS = 250;

    @Option(names = "--service-pid", required = true, paramLabel = "<pid>", description = "The service's JVM.")
    long servicePid;

    @Option(names = "--replica-pid", paramLabel = "<pid>", description = "A replica of the service (counted as the service); repeat.")
    List<Long> replicaPids = List.of();

    @Option(names = "--jmeter-pid", paramLabel = "<pid>",
            description = "A remote JMeter engine running on this machine (counted as JMeter, not as another process); repeat.")
    List<Long> jmeterPids = List.of();

    @Option(names = "--postgres-pid", defaultValue = "0", paramLabel = "<pid>",
            description = "The postmaster, when it is not the service's child (embedded PostgreSQL); 0: none.")
    long postgresPid;

    @Option(names = "--engine-pid", defaultValue = "0", paramLabel = "<pid>",
            description = "The search engine, when it is not the service's child (a container); 0: none.")
    long enginePid;

    @Option(names = "--versus-engine-pid", defaultValue = "0", paramLabel = "<pid>", description = "Side B's engine likewise; 0: none.")
    long versusEnginePid;

    @Option(names = "--versus-service-pid", defaultValue = "0", paramLabel = "<pid>",
            description = "Side B's service, when two are compared; 0: none.")
    long versusPid;

    @Option(names = "--versus-postgres-pid", defaultValue = "0", paramLabel = "<pid>", description = "Side B's postmaster; 0: none.")
    long versusPostgresPid;

    @Option(names = "--harness-pid", required = true, paramLabel = "<pid>", description = "The build, whose children include JMeter.")
    long harnessPid;

    @Option(names = "--out", required = true, paramLabel = "<file>", description = "The CSV written.")
    Path out;

    @Option(names = "--resources-out", paramLabel = "<file>",
            description = "Also write, every 10 s, the memory, file descriptors and threads of the service, PostgreSQL and the"
                    + " engine, and PostgreSQL's client connections, as a CSV.")
    Path resourcesOut;

    @Option(names = "--jit-first-until", paramLabel = "<dir>",
            description = "Where the plans report the end of a warm-up: the JIT compilers run first until every side's first one (as root).")
    Path warmupReports;

    @Option(names = "--service-info", paramLabel = "<file>",
            description = "Side A's ready file, read again for its processes (they start again between a comparison's forks).")
    Path serviceInfo;

    @Option(names = "--versus-service-info", paramLabel = "<file>", description = "Side B's ready file likewise.")
    Path versusServiceInfo;

    @Option(names = "--restarting", paramLabel = "<file>",
            description = "Present while the services start again: their end then does not end the sampling.")
    Path restarting;

    @Option(names = "--duet", description = "Both sides are measured at once: one warm-up serves both.")
    boolean duet;

    @Option(names = "--period", defaultValue = "" + DEFAULT_PERIOD_MILLIS, paramLabel = "<ms>",
            description = "Milliseconds between samples (default: ${DEFAULT-VALUE}).")
    long period;

    @Override
    public Integer call() throws Exception {
        if (period < 10) {
            throw new ConfigException("period must be at least 10 ms, was " + period);
        }
        CpuSampler.Pids pids = new CpuSampler.Pids(servicePid, replicaPids, postgresPid, enginePid, versusPid, versusPostgresPid,
                versusEnginePid, jmeterPids, harnessPid);
        new CpuSampler(pids, warmupReports, serviceInfo == null ? null : new FollowReadyFiles(), duet).run(out, resourcesOut, period);
        return 0;
    }

    /** The services' processes as their ready files name them now; the last ones while a file is being replaced. */
    private final class FollowReadyFiles implements CpuSampler.Follow {
        @Override
        public CpuSampler.Pids now(CpuSampler.Pids last) {
            long[] a = side(serviceInfo, last.service(), last.postgres(), last.engine());
            long[] b = side(versusServiceInfo, last.versusService(), last.versusPostgres(), last.versusEngine());
            return new CpuSampler.Pids(a[0], last.replicas(), a[1], a[2], b[0], b[1], b[2], last.jmeterEngines(), last.harness());
        }

        @Override
        public boolean restarting() {
            return restarting != null && Files.exists(restarting);
        }

        private static long[] side(Path file, long service, long postgres, long engine) {
            if (file == null || !Files.isRegularFile(file)) {
                return new long[] {service, postgres, engine};
            }
            try {
                ReadyFile ready = ReadyFile.read(file);
                return new long[] {ready.pid(), provider(ready, ReadyFile.POSTGRESQL), provider(ready, ReadyFile.SEARCH_ENGINE)};
            } catch (IOException e) {
                return new long[] {service, postgres, engine};
            }
        }

        private static long provider(ReadyFile ready, String name) {
            var p = ready.providers() == null ? null : ready.providers().get(name);
            return p == null || p.pid() == null ? 0 : p.pid();
        }
    }
}
