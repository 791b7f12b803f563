package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A guarded scenario's newest guard: this build (side A) against the reference build's jar (side B, last night's), measured
 * in one build with forks ({@code versus.reference=B}), as side A's record holds the verdict. Guards are recorded apart from
 * the trend series (their own results directory): a guard's two sides are two builds in one run, not two nights.
 *
 * @param run     side A's record (this build)
 * @param versus  its comparison, the changes A's against B
 */
public record GuardVerdict(RecordedRun run, Versus versus) {

    /** The newest guard of each scenario on each machine, in scenario order. */
    public static List<GuardVerdict> newest(RunHistory guards) {
        Map<String, GuardVerdict> newest = new LinkedHashMap<>();
        guards.all().stream().sorted(Comparator.comparing(RecordedRun::started).reversed()).forEach(r -> {
            Versus v = r.record().versus();
            if (v != null && v.side() == Side.A && v.aJudged()) {
                newest.putIfAbsent(r.scenario() + "\u0000" + r.machine(), new GuardVerdict(r, v));
            }
        });
        List<GuardVerdict> out = new ArrayList<>(newest.values());
        out.sort(Comparator.comparing((GuardVerdict g) -> g.run().scenario()).thenComparing(g -> g.run().machine()));
        return out;
    }

    /** Why there is no verdict (the run failed, a side did not complete), or null. */
    public String noVerdict() {
        if (versus.skipped() != null) {
            return versus.skipped();
        }
        return versus.changes() == null ? "the run " + run.status() : null;
    }

    /** The primary figures' changes, in the verdict's order. */
    public List<Change> primary() {
        return versus.changes() == null ? List.of() : versus.changes().stream().filter(c -> Boolean.TRUE.equals(c.primary())).toList();
    }

    /** Every figure this build made worse: significant and at least the minimum effect. */
    public List<Change> regressions() {
        return versus.changes() == null ? List.of() : versus.changes().stream().filter(Change::regression).toList();
    }

    public boolean regressed() {
        return !regressions().isEmpty();
    }

    /** "8 forks of 10 rounds, a duet". */
    public String design() {
        return String.format(Locale.ROOT, "%d fork%s of %d round%s%s", versus.forkCount(), versus.forkCount() == 1 ? "" : "s",
                versus.roundsPerFork(), versus.roundsPerFork() == 1 ? "" : "s", Boolean.TRUE.equals(versus.duet()) ? ", a duet"
                        : ", interleaved");
    }

    /** The smallest change of the primary figures it could have seen, in words: "ALL p50 ±4.1%, …". */
    public String couldHaveSeen() {
        return String.join(", ", primary().stream().map(c -> String.format(Locale.ROOT, "%s %s ±%.1f%%", c.label(), c.figure(),
                c.detectablePct() == null ? Double.NaN : c.detectablePct())).toList());
    }

    /** The lines of the nightly verdict: one per regression, or why there is none. */
    public List<String> lines() {
        String head = "guard " + run.scenario() + " " + run.runId() + " (this build against " + reference() + ", " + design() + "): ";
        if (noVerdict() != null) {
            return List.of(head + "no verdict, " + noVerdict());
        }
        if (!regressed()) {
            return List.of(head + "no regression (could have seen " + couldHaveSeen() + ")");
        }
        return regressions().stream().map(c -> head + (Boolean.TRUE.equals(c.primary()) ? "" : "secondary: ") + c.brief()).toList();
    }

    /** The reference build: the jar side B ran (the nightly job names it after its commit: idbench-1a2b3c4.jar). */
    public String reference() {
        String jar = run.record().parameter("versus.jar");
        return jar.isBlank() ? "the reference build" : Path.of(jar).getFileName().toString();
    }
}
