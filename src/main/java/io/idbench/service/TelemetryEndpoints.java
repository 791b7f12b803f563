package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.telemetry.ServerTelemetry;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.lang.management.ManagementFactory;
import java.sql.SQLException;

/**
 * The run's server-side telemetry, behind the bearer token: read by the benchmark before it stops
 * the service, reset when the service is ready so that it covers the run and not the seeding.
 */
final class TelemetryEndpoints {
    static final String PATH = Endpoints.TELEMETRY;

    private final ServerTelemetry telemetry;
    private final ObjectMapper json;
    private final JvmTelemetry jvm = new JvmTelemetry();

    TelemetryEndpoints(ServerTelemetry telemetry, ObjectMapper json) {
        this.telemetry = telemetry;
        this.json = json;
    }

    void register(Javalin app) {
        ScimServer.getAndHead(app, PATH, this::read);
        app.post(PATH + "/reset", this::reset);
        ScimServer.getAndHead(app, PATH + "/jit", this::jit);
    }

    /**
     * The service JVM's total JIT compilation time so far: the plans' warm-up detector reads it to
     * tell a service still compiling its hot code from a warm one (a plateau of throughput can be
     * either).
     */
    private void jit(Context ctx) {
        ScimServer.send(ctx, 200, json.createObjectNode().put("compilationMillis", JvmTelemetry.compileMillis())
                .put("uptimeMillis", ManagementFactory.getRuntimeMXBean().getUptime()), json);
    }

    private void read(Context ctx) throws SQLException {
        ScimServer.send(ctx, 200, json.valueToTree(telemetry.collect().withJvm(jvm.read())), json);
    }

    private void reset(Context ctx) throws SQLException {
        telemetry.reset();
        jvm.reset();
        ctx.status(204);
    }
}
