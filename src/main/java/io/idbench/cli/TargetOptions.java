package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.config.Grant;
import io.idbench.config.Loopback;
import io.idbench.targets.ScimClient;
import io.idbench.targets.ScimSeeder;
import io.idbench.targets.TokenSource;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Another SCIM 2.0 server to seed (idbench seed --target-url): where it is, how to get its tokens, where the ids go. */
final class TargetOptions {
    @Option(names = "--target-url", paramLabel = "<url>",
            description = "Seed this SCIM 2.0 base URL over its API instead of idbench's PostgreSQL, e.g. "
                    + "http://127.0.0.1:8080/realms/idbench/scim/v2 (loopback only).")
    String url;

    @Option(names = "--target-token", paramLabel = "<token>", description = "Its static bearer token.")
    String token;

    @Option(names = "--token-url", paramLabel = "<url>", description = "Or its OAuth 2.0 token endpoint (tokens refreshed before expiry).")
    String tokenUrl;

    @Option(names = "--grant", paramLabel = "<grant>", defaultValue = "client_credentials",
            description = "client_credentials or password (default: ${DEFAULT-VALUE}).")
    String grant;

    @Option(names = "--client-id", paramLabel = "<id>", description = "The client id at --token-url.")
    String clientId;

    @Option(names = "--client-secret", paramLabel = "<secret>", description = "The client secret at --token-url.")
    String clientSecret;

    @Option(names = "--user", paramLabel = "<user>", description = "The user of the password grant.")
    String user;

    @Option(names = "--password", paramLabel = "<password>", description = "The password of the password grant.")
    String password;

    @Option(names = "--ids-file", paramLabel = "<file>", description = "Write the ids the target assigned as CSV (id,userName).")
    Path idsFile;

    @Option(names = "--seed-parallelism", paramLabel = "<n>", defaultValue = "" + ScimSeeder.DEFAULT_PARALLELISM,
            description = "Requests in flight (default: ${DEFAULT-VALUE}).")
    int parallelism;

    boolean given() {
        return url != null;
    }

    /** The target's client, every option checked (a {@link ConfigException} with what is wrong otherwise). */
    ScimClient client() {
        Loopback.httpUrl("--target-url", url, "http://127.0.0.1:8080/scim/v2");
        if ((token == null) == (tokenUrl == null)) {
            throw new ConfigException("--target-url needs --target-token or --token-url (one of them)");
        }
        if (parallelism < 1 || parallelism > 64) {
            throw new ConfigException("--seed-parallelism must be between 1 and 64, was " + parallelism);
        }
        if (token != null) {
            return new ScimClient(url, TokenSource.fixed(token));
        }
        Grant parsed = Grant.parse("--grant", grant);
        boolean clientCredentials = parsed == Grant.CLIENT_CREDENTIALS;
        if (clientCredentials && (clientId == null || clientSecret == null)) {
            throw new ConfigException("--grant=client_credentials needs --client-id and --client-secret");
        }
        if (!clientCredentials && (user == null || password == null)) {
            throw new ConfigException("--grant=password needs --user and --password");
        }
        return new ScimClient(url, TokenSource.endpoint(tokenUrl, parsed, clientId, clientSecret, user, password));
    }
}
