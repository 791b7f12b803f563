package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.telemetry.CpuSampler;
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

    @Option(names = "--period", defaultValue = "" + DEFAULT_PERIOD_MILLIS, paramLabel = "<ms>",
            description = "Milliseconds between samples (default: ${DEFAULT-VALUE}).")
    long period;

    @Override
    public Integer call() throws Exception {
        if (period < 10) {
            throw new ConfigException("period must be at least 10 ms, was " + period);
        }
        new CpuSampler(new CpuSampler.Pids(servicePid, replicaPids, postgresPid, enginePid, versusPid, versusPostgresPid, versusEnginePid,
                jmeterPids, harnessPid), warmupReports)
                .run(out, resourcesOut, period);
        return 0;
    }
}
