package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How far a run got. A record exists from the moment the service starts ({@link #RUNNING}); the stop step marks it
 * {@link #MEASURED} once JMeter has finished and the telemetry is in, the record step {@link #COMPLETE} or
 * {@link #FAILED}. A run stopped before that is {@link #INTERRUPTED}. Readers trust only complete runs.
 */
public enum RunStatus {
    @JsonProperty("running")
    RUNNING,
    /** JMeter finished and the telemetry is in: the service may stop without the run being interrupted. */
    @JsonProperty("measured")
    MEASURED,
    @JsonProperty("complete")
    COMPLETE,
    @JsonProperty("failed")
    FAILED,
    @JsonProperty("interrupted")
    INTERRUPTED;

    /** The word the record and the site use. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
