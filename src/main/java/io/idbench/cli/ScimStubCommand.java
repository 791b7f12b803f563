package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.targets.ScimStub;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code idbench scim-stub}: a SCIM endpoint that stores nothing and answers plan 1 (see {@link ScimStub}), so that a run
 * against it ({@code -Dtarget.url}) measures the load generator alone: what JMeter spends per request, element by element.
 */
@Command(name = "scim-stub", mixinStandardHelpOptions = true,
        description = {"Serves a SCIM endpoint that stores nothing, so that a run against it measures JMeter alone.",
                "It answers plan 1's requests so that all the plan's checks pass, until stopped (Ctrl-C); it prints its base URL and",
                "accepts any bearer token (docs/measurement.md, \"JMeter alone, element by element\")."})
public final class ScimStubCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "0", paramLabel = "<port>", description = "The loopback port (default: a free one).")
    int port;

    @Option(names = "--threads", defaultValue = "" + ScimStub.DEFAULT_THREADS, paramLabel = "<n>",
            description = "Handler threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--patch-without-body", description = "Answer a PATCH 204 without the resource (default: 200 with it).")
    boolean patchWithoutBody;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new ConfigException("port must be 0 to 65535, was " + port);
        }
        if (threads < 1 || threads > 1024) {
            throw new ConfigException("threads must be 1 to 1024, was " + threads);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        try (ScimStub stub = ScimStub.start(port, threads, patchWithoutBody)) {
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            System.out.println(stub.baseUrl());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }
}
