package io.idbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which two runs may be set side by side: runs of one machine (the caller groups by it), one code (the commit and its
 * uncommitted changes), one load, and — when both were recorded in nightly batches — one night. Anything else differs by
 * more than the question asks, and a finding would put the code's or the load's difference down to the storage.
 */
final class LikeWithLike {
    private final RunHistory history;

    LikeWithLike(RunHistory history) {
        this.history = history;
    }

    /** Two runs like with like: the reference and the other side. */
    record Pair(RecordedRun reference, RecordedRun other) {
    }

    /** Whether two runs of one machine may answer a question together. */
    boolean comparable(RecordedRun a, RecordedRun b) {
        return !a.code().isEmpty() && a.code().equals(b.code()) && a.load().equals(b.load()) && sameNightIfNightly(a, b);
    }

    private boolean sameNightIfNightly(RecordedRun a, RecordedRun b) {
        String ba = history.batch(a);
        String bb = history.batch(b);
        return ba == null || bb == null || ba.equals(bb);
    }

    /**
     * The newest like-with-like pair among trustworthy runs of the two sides: of one night when both sides ran in one, of
     * runs steady within themselves when there is such a pair, else the pair whose older run is the newest.
     */
    Optional<Pair> best(List<RecordedRun> references, List<RecordedRun> others) {
        Pair best = null;
        for (RecordedRun r : references) {
            for (RecordedRun o : others) {
                if (r.trustworthy() && o.trustworthy() && comparable(r, o)) {
                    Pair p = new Pair(r, o);
                    if (best == null || newer.compare(p, best) > 0) {
                        best = p;
                    }
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** Of one night first, then both runs steady within themselves (an answer waits for steady runs), then the newest. */
    private final Comparator<Pair> newer = Comparator.<Pair, Boolean>comparing(p -> sameBatch(p.reference(), p.other()))
            .thenComparing(p -> p.reference().steady() && p.other().steady())
            .thenComparing(p -> older(p.reference(), p.other()));

    private boolean sameBatch(RecordedRun a, RecordedRun b) {
        return history.batch(a) != null && Objects.equals(history.batch(a), history.batch(b));
    }

    private static java.time.Instant older(RecordedRun a, RecordedRun b) {
        return a.started().isBefore(b.started()) ? a.started() : b.started();
    }

    /**
     * Why two sides that both ran have no like-with-like pair: under one load but never of one code (or one night), or
     * never under one load. Null when they have one.
     */
    Gap gap(Question question, List<RecordedRun> references, List<RecordedRun> others) {
        List<RecordedRun> trustedReferences = newestFirst(references.stream().filter(RecordedRun::trustworthy).toList());
        List<RecordedRun> trustedOthers = newestFirst(others.stream().filter(RecordedRun::trustworthy).toList());
        if (trustedReferences.isEmpty() || trustedOthers.isEmpty()) {
            List<RecordedRun> untrusted = newestFirst((trustedReferences.isEmpty() ? references : others));
            return new Gap(question, Gap.Reason.NOT_TRUSTWORTHY, untrusted, untrusted.stream().map(LikeWithLike::untrustedWhy)
                    .distinct().toList(), List.of(Next.again(untrusted.get(0))));
        }
        if (best(references, others).isPresent()) {
            return null;
        }
        for (RecordedRun r : trustedReferences) {
            for (RecordedRun o : trustedOthers) {
                if (r.load().equals(o.load()) && !r.code().isEmpty() && r.code().equals(o.code())) {
                    return new Gap(question, Gap.Reason.DIFFERENT_NIGHT, List.of(r, o), List.of(history.batch(r), history.batch(o)),
                            List.of(Next.again(r), Next.again(o)));
                }
            }
        }
        for (RecordedRun r : trustedReferences) {
            for (RecordedRun o : trustedOthers) {
                if (r.load().equals(o.load())) {
                    return new Gap(question, Gap.Reason.DIFFERENT_CODE, List.of(r, o), List.of(r.codeLabel(), o.codeLabel()),
                            List.of(Next.again(r), Next.again(o)));
                }
            }
        }
        RecordedRun r = trustedReferences.get(0);
        RecordedRun o = trustedOthers.get(0);
        return new Gap(question, Gap.Reason.DIFFERENT_LOAD, List.of(r, o), o.load().differences(r.load()),
                List.of(Next.withLoadOf(o, r)));
    }

    private static String untrustedWhy(RecordedRun r) {
        return r.disturbed() != null ? "disturbed" : r.handicap() != null ? "handicapped" : r.status();
    }

    static List<RecordedRun> newestFirst(List<RecordedRun> runs) {
        return runs.stream().sorted(Comparator.comparing(RecordedRun::started).reversed()).toList();
    }

    /** The distinct loads of some runs, the newest run's first. */
    static List<Load> loads(List<RecordedRun> runs) {
        Set<Load> out = new LinkedHashSet<>();
        newestFirst(runs).forEach(r -> out.add(r.load()));
        return new ArrayList<>(out);
    }
}
