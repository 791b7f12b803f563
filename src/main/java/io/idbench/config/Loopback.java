package io.idbench.config;

import java.util.Set;

/** Where idbench may send load: this machine only. */
public final class Loopback {
    /** The hosts a target's or token endpoint's URL may name (as {@link java.net.URI#getHost()} gives them). */
    public static final Set<String> URL_HOSTS = Set.of("127.0.0.1", "localhost", "[::1]");

    private Loopback() {
    }

    /** Whether a host name or address (IPv6 without brackets) is this machine's: localhost, 127.0.0.0/8 or ::1. */
    public static boolean isLocal(String host) {
        return host.startsWith("127.") || Set.of("localhost", "::1").contains(host);
    }
}
