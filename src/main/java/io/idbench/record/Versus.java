package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * An interleaved comparison, as both sides' records hold it: the two records ({@code a}, {@code b}), the minimum effect and
 * alpha, the schedule of the sides' repetitions, and B against A figure by figure; {@code skipped} says why there is no
 * verdict; {@code side} is this record's side. {@code roundsForMinEffect}: per ALL figure (p50, p95, throughput), the rounds
 * it would take to detect a change of the minimum effect with 80 % power, from how much the figure moved between rounds here.
 * {@code startedFirst}: the side whose service was started first; {@code sameBuild}: both sides ran this build's service on
 * the same scenario without a handicap (an A/A check: what later verdicts learn the instance noise from);
 * {@code instanceNoise}: how much two service processes of one build were taken to differ for good, and where that came from.
 * {@code forks}: service processes per side, each measured for an equal block of the schedule's rounds (absent: one);
 * {@code forksForMinEffect}: per primary figure, the forks of these rounds it would take to find the minimum effect with the
 * power a planned comparison aims at; {@code primary}: the figures judged first ("ALL p50", …); {@code regressionsPrimary}: of
 * the regressions, those on primary figures; {@code duet}: true when every round measured both sides at once, half the
 * threads each (versus.mode=duet), absent when they took turns; {@code reference}: B when side B ran the reference build and
 * the changes are A's against it (the nightly guard: this build against last night's), absent when they are B's against A.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Versus(String a, String b, double minEffectPct, double alpha, List<Side> schedule, String skipped,
        List<Change> changes, Long regressions, Long improvements, Integer figuresCompared, Boolean sameBuild, String instanceNoise,
        Map<String, Integer> roundsForMinEffect,
        Side startedFirst, Side side, Integer forks, Map<String, Integer> forksForMinEffect, List<String> primary,
        Long regressionsPrimary, Boolean duet, Side reference) {

    /** A comparison of one process per side, all figures alike (records before forks). */
    public Versus(String a, String b, double minEffectPct, double alpha, List<Side> schedule, String skipped, List<Change> changes,
            Long regressions, Long improvements, Integer figuresCompared, Boolean sameBuild, String instanceNoise,
            Map<String, Integer> roundsForMinEffect, Side startedFirst, Side side) {
        this(a, b, minEffectPct, alpha, schedule, skipped, changes, regressions, improvements, figuresCompared, sameBuild,
                instanceNoise, roundsForMinEffect, startedFirst, side, null, null, null, null, null, null);
    }

    /** The same comparison as side {@code side}'s record holds it. */
    public Versus as(Side side) {
        return new Versus(a, b, minEffectPct, alpha, schedule, skipped, changes, regressions, improvements, figuresCompared,
                sameBuild, instanceNoise, roundsForMinEffect, startedFirst, side, forks, forksForMinEffect, primary,
                regressionsPrimary, duet, reference);
    }

    /** Whether the changes are A's against B (the reference build), not B's against A. */
    public boolean aJudged() {
        return reference == Side.B;
    }

    /** Service processes per side. */
    public int forkCount() {
        return forks == null ? 1 : forks;
    }

    /** The rounds each fork measured. */
    public int roundsPerFork() {
        return schedule == null ? 0 : schedule.size() / 2 / forkCount();
    }
}
