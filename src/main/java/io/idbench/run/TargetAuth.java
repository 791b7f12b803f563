package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Grant;
import io.idbench.config.Loopback;
import io.idbench.config.ScenarioResolver;
import java.util.Properties;

/**
 * How the plans obtain tokens from a target's OAuth 2.0 token endpoint (RFC 6749): the client
 * credentials grant, or the password grant (a user's name and password, with a client id when the
 * server wants one). The plans fetch the first token and a new one at three quarters of each
 * token's lifetime. Secrets go to JMeter's properties only, never to a record.
 */
record TargetAuth(String tokenUrl, Grant grant, String clientId, String clientSecret, String user, String password) {

    /** From the run's parameters; null without target.tokenUrl. */
    static TargetAuth of(ScenarioResolver.Resolved r) {
        String url = r.get("target.tokenUrl").trim();
        if (url.isEmpty()) {
            for (String k : new String[] {"target.clientId", "target.clientSecret", "target.user", "target.password"}) {
                if (r.explicit(k)) {
                    throw new ConfigException(k + " is given without target.tokenUrl");
                }
            }
            return null;
        }
        Loopback.httpUrl("target.tokenUrl", url, "http://127.0.0.1:8080/realms/r/protocol/openid-connect/token");
        TargetAuth auth = new TargetAuth(url, Grant.parse("target.grant", r.get("target.grant")), r.get("target.clientId"),
                r.get("target.clientSecret"), r.get("target.user"), r.get("target.password"));
        auth.checkCredentials();
        return auth;
    }

    private void checkCredentials() {
        if (grant == Grant.CLIENT_CREDENTIALS && (clientId.isBlank() || clientSecret.isBlank())) {
            throw new ConfigException("target.grant=client_credentials needs target.clientId and target.clientSecret");
        }
        if (grant == Grant.PASSWORD && (user.isBlank() || password.isBlank())) {
            throw new ConfigException("target.grant=password needs target.user and target.password");
        }
    }

    /** JMeter's properties for one side (prefix "" or "versus."): the plans' Login and IterationChecks read them. */
    Properties properties(String prefix) {
        Properties p = new Properties();
        p.setProperty(prefix + "token.url", tokenUrl);
        p.setProperty(prefix + "token.grant", grant.id());
        p.setProperty(prefix + "token.clientId", clientId);
        p.setProperty(prefix + "token.clientSecret", clientSecret);
        p.setProperty(prefix + "token.user", user);
        p.setProperty(prefix + "token.password", password);
        return p;
    }

    @Override
    public String toString() {
        return "TargetAuth[" + grant + " at " + tokenUrl + ", client " + clientId + ", user " + user + ", secrets ***]";
    }
}
