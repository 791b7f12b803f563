package io.idbench.run;

import io.idbench.record.Side;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order in which two services are measured when they are compared: randomised multiple
 * interleaved trials (RMIT). Each round measures both, A then B or B then A at random, so a slow
 * period of the machine falls on both sides alike and neither always goes first. Seeded by the
 * run's id: a run's schedule can be told from its record and redone.
 */
final class Interleaving {
    private Interleaving() {
    }

    /**
     * Which side's service starts first when two are compared: at random, seeded by the run's id, so that over runs each side
     * starts first as often (the one started second finds the machine's memory and caches as the first left them).
     */
    static Side startsFirst(String runId) {
        return new SplittableRandom(~(long) runId.hashCode()).nextBoolean() ? Side.A : Side.B;
    }

    /** A duet's {@code rounds} rounds: each measures both sides at once (A B A B …, the order meaningless). */
    static List<Side> duet(int rounds) {
        List<Side> out = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            out.add(Side.A);
            out.add(Side.B);
        }
        return out;
    }

    /** {@code rounds} rounds of A and B, e.g. A B B A A B. */
    static List<Side> schedule(int rounds, String runId) {
        // SplittableRandom mixes its seed: java.util.Random's first draws from run ids a digit apart are alike (aa-01 … aa-10
        // all began with A).
        SplittableRandom random = new SplittableRandom(runId.hashCode());
        List<Side> out = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            boolean aFirst = random.nextBoolean();
            out.add(aFirst ? Side.A : Side.B);
            out.add(aFirst ? Side.B : Side.A);
        }
        return out;
    }
}
