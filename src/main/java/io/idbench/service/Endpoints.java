package io.idbench.service;

/**
 * The service's URL paths, in one place for the service that serves them and the run steps, the
 * command line and the plans' properties that call them.
 */
public final class Endpoints {
    /** SCIM 2.0 resources and discovery (RFC 7644): the base URL is the root followed by this. */
    public static final String SCIM = "/scim/v2";
    /** OAuth 2.0 token endpoint (RFC 6749): password and client-credentials grants. */
    public static final String TOKEN = "/oauth/token";
    /** The run's server-side telemetry (statements, pool, CPU); {@code /reset} starts a window. */
    public static final String TELEMETRY = "/idbench/telemetry";
    public static final String TELEMETRY_RESET = TELEMETRY + "/reset";
    /** The search index's status, {@code /check} and {@code /rebuild}. */
    public static final String SEARCH_INDEX = "/idbench/search-index";
    /** Up or down: 200 when the database and the engine answer, 503 naming what does not (no token needed). */
    public static final String HEALTH = "/idbench/health";

    private Endpoints() {
    }

    /** The service's root URL from its SCIM base URL (everything before {@link #SCIM}). */
    public static String root(String baseUrl) {
        int at = baseUrl.lastIndexOf(SCIM);
        if (at < 0) {
            throw new IllegalArgumentException("Not a SCIM base URL of idbench (no " + SCIM + "): " + baseUrl);
        }
        return baseUrl.substring(0, at);
    }
}
