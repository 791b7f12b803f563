package io.idbench.run;

import io.idbench.cli.ReadyFile;
import io.idbench.common.Json;
import io.idbench.config.Grant;
import io.idbench.record.RecordFile;
import io.idbench.record.RunStatus;
import io.idbench.record.Target;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.PlainProgress;
import io.idbench.seed.UsersCsv;
import io.idbench.targets.ScimClient;
import io.idbench.targets.ScimSeeder;
import io.idbench.targets.TargetProbe;
import io.idbench.targets.TokenSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The start step's part for a SCIM target that is not idbench's own service (Keycloak provisioned by the
 * run, or a server given by {@code target.url}): JMeter's properties for its token endpoint, its
 * seeding over SCIM, the probe of what it supports and stores, each recorded in the run's record.
 */
record OtherTarget(RunDirectory run, Path record, PrintStream out) {

    /** JMeter's properties for a product the run provisioned (Keycloak): its SCIM URL and the client its token endpoint knows. */
    void appendProduct(ServiceInfo service) throws IOException {
        Properties p = TargetProperties.of(service.baseUrl(), "");
        ReadyFile.TokenEndpoint auth = service.ready().auth();
        p.setProperty("token.url", auth.tokenUrl());
        p.setProperty("token.grant", auth.grant().id());
        p.setProperty("token.clientId", auth.clientId());
        p.setProperty("token.clientSecret", auth.clientSecret());
        if (Files.isRegularFile(run.idsFile())) {
            p.setProperty("ids.file", run.idsFile().toAbsolutePath().toString());
        }
        TargetProperties.append(run, p, "the target under test: " + service.ready().product().name());
    }

    /**
     * A target given by URL, seeded over SCIM before the run (identities found there already are kept), its ids handed to
     * the plans, the seed recorded; a target that cannot be seeded fails the run here.
     */
    void seed(long users) throws IOException, InterruptedException {
        out.println("[idbench] Seeding " + String.format("%,d", users) + " identities into the target over SCIM…");
        out.flush();
        ScimSeeder.Result r;
        try {
            r = new ScimSeeder(client(), new IdentityGenerator(Json.mapper()), ScimSeeder.DEFAULT_PARALLELISM,
                    new PlainProgress(line -> out.println("[idbench] " + line), 5_000)).seed(users);
        } catch (RuntimeException e) {
            RecordFile.setStatus(record, RunStatus.INTERRUPTED, "seeding the target failed: " + e.getMessage());
            throw new RunFailedException("seeding the target failed: " + e.getMessage());
        }
        out.println("[idbench] " + r.summary());
        UsersCsv.write(run.idsFile(), r.ids());
        RecordFile.update(record, rec -> rec.withSeed(r.record("external-" + users, "the target's own")));
        Properties ids = new Properties();
        ids.setProperty("ids.file", run.idsFile().toAbsolutePath().toString());
        TargetProperties.append(run, ids, "the ids the target assigned to the seeded identities");
    }

    /**
     * What the target says it supports, what it stores of an identity and (seeded with users) whether it counts plan 4's
     * queries right, recorded ({@code target}) with every difference from the workload (and the product's own notes: what
     * only its admin API shows), and printed.
     */
    void probe(long users, List<String> productNotes) throws IOException {
        Target probed = new TargetProbe(client()).probe(users);
        List<String> differences = new ArrayList<>(probed.differences());
        if (productNotes != null) {
            differences.addAll(productNotes);
        }
        differences.forEach(d -> out.println("[idbench] The target differs: " + d));
        RecordFile.update(record, r -> r.withTarget(probed.withDifferences(differences)));
    }

    /** The target as the plans reach it: its URL and token (or token endpoint and client) from JMeter's properties. */
    private ScimClient client() throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(run.jmeterProperties())) {
            p.load(in);
        }
        TokenSource tokens = p.getProperty("token.url", "").isEmpty() ? TokenSource.fixed(p.getProperty("token"))
                : TokenSource.endpoint(p.getProperty("token.url"), Grant.parse("token.grant", p.getProperty("token.grant")),
                        p.getProperty("token.clientId"),
                        p.getProperty("token.clientSecret"), p.getProperty("token.user"), p.getProperty("token.password"));
        return new ScimClient(p.getProperty("target.url"), tokens);
    }

    /**
     * Marks a record still running as interrupted, when the build ends before its record step (JMeter failed, Ctrl-C):
     * for a target given by URL no service of ours does it. Only JDK classes, as a shutdown hook may run after Maven has
     * closed this step's class loader; the record is Jackson's pretty print, and a running record has no statusReason yet.
     */
    static void interruptIfStillRunning(Path summary) {
        try {
            String text = Files.readString(summary);
            String running = "\"status\" : \"running\"";
            if (text.contains(running) && !text.contains("\"statusReason\"")) {
                Files.writeString(summary, text.replace(running, "\"status\" : \"interrupted\", \"statusReason\" : \"the build failed"
                        + " or was stopped before the run was recorded\""));
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("[idbench] could not mark " + summary + " interrupted: " + e);
        }
    }
}
