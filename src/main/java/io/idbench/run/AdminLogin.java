package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.service.TokenService;
import java.util.List;

/**
 * The credentials plan 1 logs in with ("Authenticate user", as in 2018): chosen once per run by
 * the prepare step, handed to {@code serve} as options, and read back from those options by the
 * start step for JMeter. One place, so the user name and the options cannot drift apart.
 */
record AdminLogin(String user, String password) {
    static final String USER_OPTION = "--admin-user=";
    static final String PASSWORD_OPTION = "--admin-password=";

    /** The default admin user with a fresh random password. */
    static AdminLogin generate() {
        return new AdminLogin(ScenarioConfig.DEFAULT_ADMIN_USER, TokenService.randomToken());
    }

    /** The options that make {@code serve} accept these credentials. */
    List<String> serveOptions() {
        return List.of(USER_OPTION + user, PASSWORD_OPTION + password);
    }

    /** The credentials in a run's {@code serve} options (one per line, as the prepare step wrote them). */
    static AdminLogin of(List<String> serveOptions) {
        return new AdminLogin(value(serveOptions, USER_OPTION), value(serveOptions, PASSWORD_OPTION));
    }

    private static String value(List<String> options, String prefix) {
        return options.stream().map(AdminLogin::unquoted).filter(o -> o.startsWith(prefix))
                .map(o -> o.substring(prefix.length())).findFirst()
                .orElseThrow(() -> new ConfigException("the service's options hold no " + prefix + "…"));
    }

    /** Undoes {@link PrepareStep#quoted}. */
    private static String unquoted(String line) {
        if (line.length() < 2 || !line.startsWith("\"") || !line.endsWith("\"")) {
            return line;
        }
        return line.substring(1, line.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }

    @Override
    public String toString() {
        return "AdminLogin[user=" + user + ", password=***]";
    }
}
