package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.results.ServerTelemetry;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.sql.SQLException;

/**
 * The run's server-side telemetry, behind the bearer token: read by the benchmark before it stops
 * the service, reset when the service is ready so that it covers the run and not the seeding.
 */
final class TelemetryEndpoints {
    static final String PATH = "/idbench/telemetry";

    private final ServerTelemetry telemetry;
    private final ObjectMapper json;

    TelemetryEndpoints(ServerTelemetry telemetry, ObjectMapper json) {
        this.telemetry = telemetry;
        this.json = json;
    }

    void register(Javalin app) {
        app.get(PATH, this::read);
        app.post(PATH + "/reset", this::reset);
    }

    private void read(Context ctx) throws SQLException {
        ScimServer.send(ctx, 200, telemetry.collect(json), json);
    }

    private void reset(Context ctx) throws SQLException {
        telemetry.reset();
        ctx.status(204);
    }
}
