package io.idbench.site;

import io.idbench.record.ComponentCost;
import io.idbench.record.Provisioning;
import io.idbench.record.Repetition;
import io.idbench.record.RepetitionCost;
import io.idbench.record.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Plan 5's run as its reader asks about it: how long the initial sync and each cycle took, what failed, whether the jobs kept
 * their pace and the target held what each cycle meant; then each request kind's percentiles per cycle.
 */
final class ProvisioningView {
    private ProvisioningView() {
    }

    /** The section's tables and sentences; null for a run of another plan. */
    record View(Table cycles, Table kinds, List<String> verdicts) {
    }

    static View of(String id, RunRecord s) {
        Provisioning p = s.provisioning();
        if (p == null) {
            return null;
        }
        List<Repetition> measured = new ArrayList<>(s.settling());
        measured.addAll(s.repetitions());
        List<List<String>> rows = new ArrayList<>();
        for (Provisioning.Cycle c : p.cycles()) {
            rows.add(List.of(Provisioning.name(c.cycle()), Format.count(c.objects()) + (c.cycle() == 0 ? " users and groups"
                    : c.cycle() < 0 ? " users" : " changes"), Format.count(c.requests()), Format.figure(c.seconds()),
                    c.cycle() == 0 ? Format.figure(p.secondsPer1000Users()) : "", c.failed() == 0 ? "0" : c.failed() + " " + c.errors(),
                    c.slowestJob() == null ? "" : Format.figure(c.slowestJob()), cpu(measured, c.cycle()), audit(c)));
        }
        Table cycles = new Table(id + "-cycles", List.of("cycle", "made or changed", "requests", "seconds", "seconds per 1,000 users",
                "failed (by status)", "slowest job, req/s", "CPU µs per request: service, PostgreSQL, engine, JMeter", "audit after it"),
                rows);
        List<String> verdicts = new ArrayList<>();
        verdicts.add(Format.count(p.failures()) + " of " + Format.count(p.requests()) + " requests failed: " + (p.quarantined()
                ? "Entra ID would quarantine this job" : "under Entra ID's quarantine threshold (5,000 failures and over 40 %, or over"
                        + " 40,000)"));
        verdicts.add(p.rate() <= 0 ? "Unpaced: each job sent as fast as the target answered."
                : p.keptPace() ? "Every job kept its pace of " + Format.figure(p.rate()) + " requests/s (at least 90 %): the times are the"
                        + " client's pace, the percentiles the target's."
                        : "A job fell below 90 % of its pace of " + Format.figure(p.rate()) + " requests/s: its requests took longer than"
                                + " the pace allows (the target's answers, or JMeter's CPU: see the cost per request), so the cycles' times"
                                + " are how fast this target took them, not the client's pace.");
        return new View(cycles, kinds(id, s), verdicts);
    }

    /** The components' CPU per request over the cycle (its repetition's account): what the store spent, and the client. */
    private static String cpu(List<Repetition> measured, int cycle) {
        RepetitionCost cost = measured.stream().filter(r -> r.repetition() == cycle).map(Repetition::cost).filter(Objects::nonNull)
                .findFirst().orElse(null);
        if (cost == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (String component : List.of("service", "postgresql", "engine", "jmeter")) {
            ComponentCost c = cost.components().get(component);
            if (c != null && !(component.equals("engine") && c.cpuMs() == 0)) {
                parts.add(Format.figure(c.cpuUsPerRequest()));
            } else {
                parts.add("–");
            }
        }
        return String.join(", ", parts);
    }

    private static String audit(Provisioning.Cycle c) {
        if (c.cycle() < 0) {
            return "";
        }
        return c.audit() == null ? "not audited" : c.held() ? "held" : c.audit().size() + " mismatches: " + String.join("; ", c.audit());
    }

    /** The run in one line: the initial sync per 1,000 users, each cycle's time, the audits, the failures. */
    static String headline(Provisioning p) {
        List<String> parts = new ArrayList<>();
        for (Provisioning.Cycle c : p.cycles()) {
            if (c.cycle() == 0) {
                parts.add("initial sync of " + Format.count(p.users()) + " users: " + Format.figure(c.seconds()) + " s ("
                        + Format.figure(p.secondsPer1000Users()) + " s per 1,000)");
            } else if (c.cycle() > 0) {
                parts.add("cycle " + c.cycle() + " of " + Format.count(c.objects()) + " changes: " + Format.figure(c.seconds()) + " s");
            }
        }
        boolean held = p.cycles().stream().filter(c -> c.cycle() >= 0).allMatch(Provisioning.Cycle::held);
        parts.add(held ? "every audit held" : "an audit found mismatches");
        parts.add(Format.count(p.failures()) + " of " + Format.count(p.requests()) + " requests failed");
        return "As " + p.client() + " at " + (p.rate() > 0 ? Format.figure(p.rate()) + " requests/s per job" : "full speed") + " with "
                + p.jobs() + " jobs: " + String.join("; ", parts) + ".";
    }

    /** Each request kind's p50 and p95 (ms) per cycle: the initial one (the settling repetition), then the others. */
    private static Table kinds(String id, RunRecord s) {
        List<Repetition> cycles = new ArrayList<>(s.settling());
        cycles.addAll(s.repetitions());
        Set<String> labels = new LinkedHashSet<>();
        cycles.forEach(r -> r.figures().keySet().stream().filter(l -> !l.equals(RunRecord.ALL)).sorted().forEach(labels::add));
        labels.add(RunRecord.ALL);
        List<String> header = new ArrayList<>(List.of("request"));
        for (Repetition r : cycles) {
            String name = Provisioning.name(r.repetition()).toLowerCase(java.util.Locale.ROOT);
            header.add(name + ": p50");
            header.add(name + ": p95");
        }
        List<List<String>> rows = new ArrayList<>();
        for (String label : labels) {
            List<String> row = new ArrayList<>(List.of(label));
            for (Repetition r : cycles) {
                Map<String, Double> f = r.figures().getOrDefault(label, Map.of());
                row.add(f.containsKey("p50") ? Format.figure(f.get("p50")) : "");
                row.add(f.containsKey("p95") ? Format.figure(f.get("p95")) : "");
            }
            rows.add(row);
        }
        return new Table(id + "-kinds", header, rows);
    }
}
