package io.idbench.run;

import io.idbench.cli.TargetCommand;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * What differs between the kinds of target a run provisions, in one place per kind: how it is provisioned (the command and its
 * options), which run parameters it takes, how the prepare step describes it, and what JMeter and the record learn once it is
 * ready. {@link RunTargets#of} picks the one for a {@link TargetKind}; no other step of the run tells the kinds apart.
 */
interface RunTarget {
    TargetKind kind();

    /** The target as messages name it: "idbench's service", "Keycloak", "OpenLDAP's slapd". */
    String product();

    /** A new instance of the command of idbench's jar that provisions it and serves until stopped. */
    TargetCommand command();

    /** The command's name ({@code serve}, {@code keycloak}, …), from its picocli annotation. */
    default String commandName() {
        return new CommandLine(command()).getCommandName();
    }

    /** The parameters of idbench's service (beside {@code users}) this target takes too: where its PostgreSQL comes from, say. */
    List<String> serviceParameters();

    /** Parameters no other kind takes (Keycloak's {@code keycloak.db}): refused with another target. */
    default List<String> ownParameters() {
        return List.of();
    }

    /**
     * The provisioning command's options for this run, parsed and checked by the command itself before anything starts.
     *
     * @throws io.idbench.config.ConfigException with the command's own message
     */
    List<String> arguments(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run);

    /** What the prepare step says is measured, e.g. "Target: Keycloak 26.7.3 (provisioned, its database postgres), an empty realm". */
    String measured(ScenarioResolver.Resolved resolved, RunSettings settings);

    /** What the target needs on this machine before it starts, fetched if it is missing (Keycloak's distribution). */
    default void install(PrintStream out) throws IOException, InterruptedException {
    }

    /** The provisioning process's JVM options: a product serves nothing itself, so a small heap. */
    default List<String> jvmOptions(String serviceHeap) {
        return List.of("-Xmx256m", "-XX:+UseSerialGC");
    }

    /** Once the target is ready: JMeter's properties for it and what the run's record learns of it. */
    void handOver(Started started) throws IOException, InterruptedException;

    /**
     * What the start step has once the target is ready: its process (and idbench's replicas and side B, which only idbench's
     * own service has), the run's directory and record.
     */
    record Started(RunDirectory run, Path record, PrintStream out, PreparedRun state, ServiceInfo a, List<ServiceInfo> replicas,
            ServiceInfo b) {
    }
}
