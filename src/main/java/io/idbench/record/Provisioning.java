package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * Plan 5's cycles as they ran: what each made, how many requests it took and how long, what failed, whether every job kept
 * its pace, and what the audit after it found.
 *
 * @param client the provisioning client the plan spoke as (entra, entra-2020, okta)
 * @param jobs   provisioning jobs (JMeter threads), each with its own pace
 * @param rate   each job's requests per second (0: as fast as the target answered)
 * @param users  users of the initial cycle
 * @param cycles in order: the users present before the initial cycle (cycle -1, when any), the initial cycle (0), the
 *               incremental ones
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Provisioning(String client, int jobs, double rate, long users, List<Cycle> cycles) {
    /** Entra ID's quarantine: at least this many failures, and more than {@link #QUARANTINE_SHARE} of requests failing… */
    public static final long QUARANTINE_FAILURES = 5_000;
    public static final double QUARANTINE_SHARE = 0.40;
    /** …or more than this many failures whatever their share. */
    public static final long QUARANTINE_ANY = 40_000;
    /** A job kept its pace when it sent at least this share of its rate over its span. */
    public static final double KEPT_PACE = 0.9;

    public Provisioning {
        cycles = cycles == null ? List.of() : List.copyOf(cycles);
    }

    /**
     * One cycle.
     *
     * @param cycle      -1: the users present before the initial cycle (not measured); 0: the initial cycle; then 1, 2, …
     * @param objects    the users and groups it created (initial) or the users it changed (incremental)
     * @param requests   requests the jobs sent (not the audit's)
     * @param errors     failed requests by response code (429: throttled, sent again after Retry-After)
     * @param seconds    from its first request's start to its last one's end, the barriers' waits included
     * @param slowestJob the requests per second of the job that fell furthest behind its pace (null: unpaced)
     * @param audit      what the audit after it found, one sentence per object: empty when the target held what the cycles
     *                   meant; null when it was not audited
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cycle(int cycle, long objects, long requests, Map<String, Long> errors, double seconds, Double slowestJob,
            List<String> audit) {
        public Cycle {
            errors = errors == null ? Map.of() : Map.copyOf(errors);
        }

        @JsonIgnore
        public long failed() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }

        /** Whether the audit after it found the target holding what the cycles meant. */
        @JsonIgnore
        public boolean held() {
            return audit != null && audit.isEmpty();
        }
    }

    /** How a cycle is named: the users present before it, the initial cycle, cycle n. */
    public static String name(int cycle) {
        return cycle < 0 ? "Present before the initial cycle" : cycle == 0 ? "Initial cycle" : "Cycle " + cycle;
    }

    /** The initial cycle's seconds per 1,000 users (NaN when it did not run). */
    @JsonIgnore
    public double secondsPer1000Users() {
        return cycles.stream().filter(c -> c.cycle() == 0).mapToDouble(c -> c.seconds() * 1000.0 / Math.max(1, users)).findFirst()
                .orElse(Double.NaN);
    }

    /** The failures of every measured cycle: what Entra ID counts toward its quarantine. */
    @JsonIgnore
    public long failures() {
        return cycles.stream().filter(c -> c.cycle() >= 0).mapToLong(Cycle::failed).sum();
    }

    @JsonIgnore
    public long requests() {
        return cycles.stream().filter(c -> c.cycle() >= 0).mapToLong(Cycle::requests).sum();
    }

    /** Whether Entra ID would quarantine a job that failed like this (its published rule). */
    @JsonIgnore
    public boolean quarantined() {
        long f = failures();
        return f > QUARANTINE_ANY || (f >= QUARANTINE_FAILURES && f > QUARANTINE_SHARE * requests());
    }

    /** The jobs' pace was kept in every cycle (or not set). */
    @JsonIgnore
    public boolean keptPace() {
        return rate <= 0 || cycles.stream().filter(c -> c.cycle() >= 0 && c.slowestJob() != null)
                .allMatch(c -> c.slowestJob() >= KEPT_PACE * rate);
    }
}
