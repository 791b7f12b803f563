package io.idbench.cli;

import io.idbench.telemetry.EngineWatch;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code idbench engine-watch} (hidden, started by the benchmark's start step when the plan runs on remote JMeter engines):
 * fails the run, and stops JMeter, when an engine dies during it.
 */
@Command(name = "engine-watch", hidden = true, mixinStandardHelpOptions = true,
        description = "Watches remote JMeter engines while the build's JMeter runs; one that dies fails the run.")
public final class EngineWatchCommand implements Callable<Integer> {
    @Option(names = "--engine", required = true, paramLabel = "<host:port>", description = "A remote engine; repeat for each.")
    List<String> engines;

    @Option(names = "--harness-pid", required = true, paramLabel = "<pid>", description = "The build, whose child JMeter is.")
    long harnessPid;

    @Option(names = "--record", required = true, paramLabel = "<dir>", description = "The run's record, marked failed.")
    Path record;

    @Override
    public Integer call() throws Exception {
        return new EngineWatch(engines, harnessPid, record, System.err).run().isPresent() ? 1 : 0;
    }
}
