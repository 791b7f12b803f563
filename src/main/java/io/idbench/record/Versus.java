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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Versus(String a, String b, double minEffectPct, double alpha, List<Side> schedule, String skipped,
        List<Change> changes, Long regressions, Long improvements, Integer figuresCompared, Boolean sameBuild, String instanceNoise,
        Map<String, Integer> roundsForMinEffect,
        Side startedFirst, Side side) {

    /** The same comparison as side {@code side}'s record holds it. */
    public Versus as(Side side) {
        return new Versus(a, b, minEffectPct, alpha, schedule, skipped, changes, regressions, improvements, figuresCompared,
                sameBuild, instanceNoise, roundsForMinEffect, startedFirst, side);
    }
}
