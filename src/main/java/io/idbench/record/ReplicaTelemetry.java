package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A replica of the service ({@code -Dinstances}): its URL, its own pool and JVM (the database is the first service's). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReplicaTelemetry(String baseUrl, Telemetry.Pool connectionPool, Telemetry.Jvm serviceJvm) {
}
