package io.idbench.config;

/** The OAuth 2.0 grants idbench uses at a token endpoint (RFC 6749 4.4 and 4.3). */
public enum Grant implements Choice {
    /** A confidential client's own credentials. */
    CLIENT_CREDENTIALS,
    /** A user's name and password, given by a client (plan 1's login, as in 2018). */
    PASSWORD;

    /** The {@code grant_type} value: client_credentials, password. */
    @Override
    public String toString() {
        return id();
    }

    /** @param what how the grant was given, for the message: target.grant, --grant */
    public static Grant parse(String what, String text) {
        return Choice.parseInOrder(Grant.class, what, text);
    }
}
