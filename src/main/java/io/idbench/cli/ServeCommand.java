package io.idbench.cli;

import io.idbench.config.Handicap;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.ScenarioConfigBuilder;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.service.Endpoints;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import java.io.Console;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench serve}: provisions PostgreSQL, starts the SCIM service and runs until Ctrl-C or
 * SIGTERM, then stops everything it started (PostgreSQL included), in reverse order.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
        description = {"Starts the identity service under test, a SCIM 2.0 server on PostgreSQL.",
                "It serves /scim/v2, searches with SQL, Elasticsearch or OpenSearch, and holds --users=N identities seeded",
                "(or reused when that dataset is kept).",
                "Prints which provider it chose for each service, and why.",
                "Runs until Ctrl-C or SIGTERM, then stops everything it started, PostgreSQL included."},
        footer = {"", "Example:",
                "  java -jar target/idbench.jar serve --port=8080 --token=change-me-0123456789 --users=10000",
                "  curl -H 'Authorization: Bearer change-me-0123456789' http://127.0.0.1:8080/scim/v2/Users"})
public final class ServeCommand implements TargetCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    StackOptions stack;

    @Mixin
    ServedUntilStopped lifecycle;

    @Option(names = "--bind", paramLabel = "<address>", defaultValue = ScenarioConfig.DEFAULT_BIND,
            description = "Address to listen on (default: ${DEFAULT-VALUE}, loopback only).")
    String bind;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "" + ScenarioConfig.DEFAULT_PORT,
            description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--token", paramLabel = "<token>",
            description = "Static bearer token, at least 16 characters (default: a random one, printed at start).")
    String token;

    @Option(names = "--admin-user", paramLabel = "<user>", defaultValue = ScenarioConfig.DEFAULT_ADMIN_USER,
            description = "User name accepted by POST /oauth/token (default: ${DEFAULT-VALUE}).")
    String adminUser;

    @Option(names = "--admin-password", paramLabel = "<password>",
            description = "Password accepted by POST /oauth/token, at least 8 characters (default: a random one, printed at start).")
    String adminPassword;

    @Option(names = "--db-pool-size", paramLabel = "<n>",
            description = "JDBC connections in the pool (default: ${DEFAULT-VALUE}).")
    int dbPoolSize;

    @Option(names = "--statement-timeout", paramLabel = "<ms>",
            description = "Longest a request's database statement may run, in ms; past it the request gets 400 tooMany "
                    + "(a search) or 503 (0: no limit; default: ${DEFAULT-VALUE}).")
    int statementTimeoutMs;

    @Option(names = "--max-results", paramLabel = "<n>", defaultValue = "" + ScenarioConfig.DEFAULT_MAX_RESULTS,
            description = "Largest page a list request returns; also the default count (default: ${DEFAULT-VALUE}).")
    int maxResults;

    @Option(names = "--max-group-members", paramLabel = "<n>", defaultValue = "" + ScenarioConfig.DEFAULT_MAX_GROUP_MEMBERS,
            description = "A full GET of a larger group answers 400 tooMany; page members with "
                    + "/Users?filter=groups.value eq \"<id>\" (default: ${DEFAULT-VALUE}).")
    int maxGroupMembers;

    @Option(names = "--token-ttl", paramLabel = "<seconds>", defaultValue = "" + ScenarioConfig.DEFAULT_TOKEN_TTL_SECONDS,
            description = "Lifetime of tokens issued by /oauth/token (default: ${DEFAULT-VALUE}).")
    int tokenTtl;

    @Option(names = "--handicap", paramLabel = "<op>:<amount>[:wait][,…]", defaultValue = "",
            description = {"Calibration only: burn CPU in chosen operations (create, read, search, update, replace, delete,",
                    "any), e.g. update:10%% (a tenth of each update's own time) or read:200us; with :wait the request",
                    "waits instead (update:300us:wait: that operation alone slower). Recorded with the run and shown",
                    "on every page of it. Default: none."})
    String handicap;

    @Option(names = "--replica",
            description = {"Serve the dataset of another serve, as one more replica of it: its PostgreSQL and engine given by",
                    "--db-url and --search-url; nothing is seeded, created or rebuilt there. Give every replica the same",
                    "--token, --admin-password and --token-key."})
    boolean replica;

    @Option(names = "--token-key", paramLabel = "<secret>",
            description = {"Key that signs the tokens /oauth/token issues, at least " + ScenarioConfig.MIN_TOKEN_KEY + " characters;",
                    "replicas that share it accept each other's tokens (default: a random one per process)."})
    String tokenKey;

    @Option(names = "--info-file", paramLabel = "<file>",
            description = "Write base URL, port and token as JSON to this file once the service is ready (for scripts).")
    Path infoFile;

    @Override
    public void check() {
        config();
    }

    /** The validated configuration these options describe (a {@link io.idbench.config.ConfigException} otherwise). */
    public ScenarioConfig config() {
        return configure(ScenarioConfig.builder().withBind(bind).withPort(port).withToken(token)
                .withAdminUser(adminUser).withAdminPassword(adminPassword).withDbPoolSize(dbPoolSize)
                .withStatementTimeoutMs(statementTimeoutMs).withMaxResults(maxResults)
                .withTokenTtlSeconds(tokenTtl).withMaxGroupMembers(maxGroupMembers).withHandicap(Handicap.parse(handicap))
                .withReplica(replica)
                .withTokenKey(tokenKey)).build();
    }

    @Override
    public Integer call() throws Exception {
        ScenarioConfig config = config();
        PrintWriter out = spec.commandLine().getOut();
        return lifecycle.run("the service", out, started -> {
            ServiceStack stack = ServiceStack.start(config, out, started);
            String staticToken = config.token() != null ? config.token() : TokenService.randomToken();
            String adminPw = config.adminPassword() != null ? config.adminPassword() : TokenService.randomToken();
            TokenService tokens = new TokenService(staticToken, config.adminUser(), adminPw, config.tokenTtlSeconds(),
                    Clock.systemUTC(), config.tokenKey());
            ScimServer server = ScimServer.start(config, stack.store, tokens,
                    PasswordHasher.of(config.passwordHash(), config.bcryptCost()), stack.telemetry);
            started.push(server);
            printReady(out, config, server, staticToken, adminPw);
            if (infoFile != null) {
                writeInfo(server, staticToken, config.adminPassword() == null ? adminPw : null, stack, config);
            }
        });
    }

    /** The options serve shares with seed: dataset, search, database. */
    private ScenarioConfigBuilder configure(ScenarioConfigBuilder b) {
        return stack.apply(b);
    }

    private void printReady(PrintWriter out, ScenarioConfig config, ScimServer server, String staticToken, String adminPw) {
        String root = Endpoints.root(server.baseUrl());
        out.println("Storage: " + config.storage() + "; search: " + (config.searchEngine() ? config.search()
                + " (refresh=" + config.searchRefresh() + "; key lookups and a stale index go to the database; status at "
                + root + Endpoints.SEARCH_INDEX + ")" : "sql") + "; dynamic groups: " + (config.dyn() ? "type-a … type-j" : "none")
                + "; passwords: " + config.passwordHash());
        if (!config.handicap().isNone()) {
            out.println("HANDICAPPED (calibration): " + config.handicap() + " of CPU burnt on purpose in those operations");
        }
        out.println("SCIM 2.0 service ready at " + server.baseUrl());
        // Secrets go to a person at a terminal, never into a log (a run's service.log is published).
        boolean terminal = isTerminal();
        String token = terminal ? staticToken : "<token>";
        out.println("  static token:  " + (terminal ? staticToken : "<not printed: the output is not a terminal"
                + (infoFile != null ? "; it is in " + infoFile : "") + ">")
                + (config.token() == null ? "   (generated; fix it with --token)" : ""));
        out.println("  issue a token: curl -s -u " + config.adminUser() + ":"
                + (config.adminPassword() == null && terminal ? adminPw : "<admin password>")
                + " -d grant_type=client_credentials " + root + Endpoints.TOKEN);
        out.println("  try:           curl -s -H 'Authorization: Bearer " + token + "' " + server.baseUrl() + "/Users");
        out.println("Stop with Ctrl-C (or SIGTERM): the service, PostgreSQL and the search engine stop together.");
        out.flush();
    }

    /**
     * Whether a person reads this output. Before JDK 22 a console exists only for a terminal; from
     * JDK 22 on one always exists and {@code Console.isTerminal()} tells (called reflectively: the
     * build targets 17).
     */
    private static boolean isTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    private void writeInfo(ScimServer server, String staticToken, String generatedAdminPassword, ServiceStack stack,
            ScenarioConfig config) throws IOException {
        boolean engine = config.searchEngine();
        String searchEngine = engine && stack.store instanceof IndexedIdentityStore indexed ? indexed.index().description() : null;
        // What a replica of this service connects to (the file is private: it holds the database's password).
        ReadyFile.DatabaseAccess database = new ReadyFile.DatabaseAccess(stack.database.jdbcUrl(), stack.database.user(),
                stack.database.password());
        new ReadyFile(server.baseUrl(), server.port(), staticToken, config.adminUser(), generatedAdminPassword, stack.store.storage().id(),
                config.search().id(), ProcessHandle.current().pid(), engine ? stack.engineUrl : null, engine ? config.searchIndex() : null,
                searchEngine, stack.providers, database, null, null, stack.seed.orElse(null)).write(infoFile);
    }

}
