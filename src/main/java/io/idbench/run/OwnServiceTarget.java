package io.idbench.run;

import io.idbench.cli.ServeCommand;
import io.idbench.cli.TargetCommand;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import io.idbench.record.Side;
import io.idbench.service.Endpoints;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** idbench's own SCIM service ({@code idbench serve}): the storage, search and settings the scenarios vary; replicas; side B. */
final class OwnServiceTarget implements RunTarget {
    @Override
    public TargetKind kind() {
        return TargetKind.IDBENCH;
    }

    @Override
    public String product() {
        return "idbench's service";
    }

    @Override
    public TargetCommand command() {
        return new ServeCommand();
    }

    @Override
    public List<String> serviceParameters() {
        return Parameters.ALL.stream().filter(Parameter::provisioning).map(Parameter::key).toList();
    }

    @Override
    public List<String> arguments(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run) {
        return ServeArguments.serve(resolved, run.serviceInfo());
    }

    @Override
    public String measured(ScenarioResolver.Resolved r, RunSettings s) {
        return "Service: " + r.get("storage") + ", search " + r.get("search") + ", dyn " + r.get("dyn") + ", "
                + (s.plan.neverSeeded() ? "empty (the plan provisions " + String.format("%,d", s.users) + " identities)"
                        : String.format("%,d", s.users) + " identities");
    }

    /** The heap fixed (-Xms = -Xmx, touched at start): a heap that grows while it is measured makes the first minutes slower. */
    @Override
    public List<String> jvmOptions(String serviceHeap) {
        return List.of("-Xms" + serviceHeap, "-Xmx" + serviceHeap, "-XX:+AlwaysPreTouch");
    }

    @Override
    public void handOver(Started s) throws IOException, InterruptedException {
        resetTelemetry(s.a());
        for (ServiceInfo replica : s.replicas()) {
            resetTelemetry(replica);
        }
        appendTarget(s, s.a(), s.replicas(), Side.A);
        if (s.b() != null) {
            resetTelemetry(s.b());
            appendTarget(s, s.b(), List.of(), Side.B);
        }
    }

    /** The telemetry window starts when the service is ready: the run, not the seed. */
    static void resetTelemetry(ServiceInfo service) throws IOException, InterruptedException {
        HttpResponse<String> r = service.call("POST", Endpoints.TELEMETRY_RESET);
        if (r.statusCode() != 204) {
            throw new IllegalStateException("Resetting the service's telemetry answered " + r.statusCode() + ": " + r.body());
        }
    }

    /**
     * JMeter's properties for one side: its URL in parts and token (B's prefixed versus.), its replicas' host:port
     * (target.replicas, when there are more than one: the plans spread their threads over them), and A's login.
     */
    private static void appendTarget(Started s, ServiceInfo service, List<ServiceInfo> replicas, Side side) throws IOException {
        Properties p = new Properties();
        String prefix = side == Side.A ? "" : "versus.";
        TargetProperties.of(service.baseUrl(), service.token()).forEach((k, v) -> p.setProperty(prefix + k, (String) v));
        if (!replicas.isEmpty()) {
            List<String> all = new ArrayList<>(List.of(TargetProperties.hostPort(service.baseUrl())));
            replicas.forEach(r -> all.add(TargetProperties.hostPort(r.baseUrl())));
            p.setProperty(prefix + "target.replicas", String.join(",", all));
        }
        // Plan 1 starts by obtaining its token, as in 2018 ("Authenticate user"): the password grant; the other plans use the
        // static token. The service checks an issued token (a signature) at another cost than its static one, so side B
        // authenticates as A does: in plan 1 it takes its token at its first iteration (IterationChecks), A's Login having none.
        AdminLogin login = AdminLogin.of(Files.readAllLines(s.run().serveArgs(side)));
        p.setProperty(prefix + "token.url", service.root() + Endpoints.TOKEN);
        p.setProperty(prefix + "token.grant", "password");
        p.setProperty(prefix + "token.user", login.user());
        p.setProperty(prefix + "token.password", login.password());
        // The service's tokens outlive the run (token-ttl): a token, once taken, is never refreshed.
        boolean fetchFirst = side == Side.B && s.state().plan().login() == Plan.Login.PASSWORD_GRANT;
        p.setProperty(prefix + "token.refreshAt", fetchFirst ? "0" : "" + Long.MAX_VALUE);
        TargetProperties.append(s.run(), p, "the service under test" + (prefix.isEmpty() ? "" : " of side B"));
    }
}
