package io.idbench.config;

import java.net.URI;
import java.net.URISyntaxException;
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

    /**
     * {@code url} when it is an http(s) URL on this machine; otherwise a {@link ConfigException}:
     * "{@code what} must look like {@code example}, was '…'", or that it must be on this machine.
     */
    public static URI httpUrl(String what, String url, String example) {
        URI uri;
        try {
            uri = url == null ? null : new URI(url);
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null || uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
            throw new ConfigException(what + " must look like " + example + ", was '" + url + "'");
        }
        if (!URL_HOSTS.contains(uri.getHost())) {
            throw new ConfigException(what + " must be on this machine (127.0.0.1, localhost or [::1]): idbench loads loopback only,"
                    + " was '" + url + "'");
        }
        return uri;
    }
}
