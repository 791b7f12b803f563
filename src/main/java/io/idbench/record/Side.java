package io.idbench.record;

/** The two services of an interleaved comparison: A, the scenario's, and B, the one it is compared with ({@code -Dversus}). */
public enum Side {
    A, B;

    /** How JMeter's samples and the run's files name the side: "a" or "b". */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
