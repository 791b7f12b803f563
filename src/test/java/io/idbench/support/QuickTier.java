package io.idbench.support;

/** The quick tier ({@code ./mvnw -Pquick test}) runs no test that starts a server: one that tries is stopped and named. */
public final class QuickTier {
    /** Set by the quick tier's profile. */
    public static final String PROPERTY = "idbench.tests.quick";

    private QuickTier() {
    }

    /** Stops a test of the quick tier that starts {@code what}: its class must be annotated {@link StartsServers} instead. */
    public static void refuseServer(String what) {
        if (Boolean.getBoolean(PROPERTY)) {
            throw new IllegalStateException("the quick tier starts no server, but this test starts " + what
                    + ": annotate its class @StartsServers");
        }
    }
}
