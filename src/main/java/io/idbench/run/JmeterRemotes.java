package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Loopback;
import io.idbench.config.ScenarioResolver;
import io.idbench.telemetry.EngineWatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * Distributed load: the remote JMeter engines that run the plan ({@code -Djmeter.remotes=host:port,…}), each all of its
 * threads, their samples sent back to the JMeter in the build, which writes them into the run's one results file. RMI
 * runs over SSL with the engines' keystore, as JMeter expects, unless {@code jmeter.rmi.ssl=false} (a private network).
 */
record JmeterRemotes(List<String> engines, boolean ssl, Path keystore) {
    /** The most engines one run drives. */
    static final int MAX_ENGINES = 16;
    /** JMeter's own defaults for the keystore that scripts/jmeter-engine.sh makes (create-rmi-keystore.sh's). */
    static final String KEYSTORE_PASSWORD = "changeit";

    /** The engines, validated; none when the plan runs in the build's own JMeter. */
    static JmeterRemotes of(ScenarioResolver.Resolved r) {
        String value = r.get("jmeter.remotes").trim();
        boolean ssl = r.flag("jmeter.rmi.ssl");
        String keystore = r.get("jmeter.rmi.keystore").trim();
        if (value.isEmpty()) {
            for (String key : List.of("jmeter.rmi.keystore", "jmeter.rmi.ssl")) {
                if (r.explicit(key)) {
                    throw new ConfigException(key + " configures RMI to remote JMeter engines, but jmeter.remotes is empty");
                }
            }
            return new JmeterRemotes(List.of(), ssl, null);
        }
        Set<String> engines = new LinkedHashSet<>();
        for (String part : value.split(",", -1)) {
            String engine = part.trim();
            if (!engine.matches("([A-Za-z0-9][A-Za-z0-9.-]*|\\[[0-9A-Fa-f:.]+]):\\d{1,5}")
                    || Integer.parseInt(engine.substring(engine.lastIndexOf(':') + 1)) < 1
                    || Integer.parseInt(engine.substring(engine.lastIndexOf(':') + 1)) > 65535) {
                throw new ConfigException("jmeter.remotes must be host:port of each engine, comma-separated (port 1 to 65535), was '"
                        + value + "'");
            }
            if (!engines.add(engine)) {
                throw new ConfigException("jmeter.remotes names " + engine + " twice");
            }
        }
        if (engines.size() > MAX_ENGINES) {
            throw new ConfigException("jmeter.remotes names " + engines.size() + " engines, at most " + MAX_ENGINES);
        }
        if (ssl && keystore.isEmpty()) {
            throw new ConfigException("jmeter.remotes talks RMI over SSL with the engines' keystore: give -Djmeter.rmi.keystore="
                    + "<rmi_keystore.jks> (scripts/jmeter-engine.sh makes one and prints its path), or -Djmeter.rmi.ssl=false on a"
                    + " private network");
        }
        if (ssl && !Files.isReadable(Path.of(keystore))) {
            throw new ConfigException("jmeter.rmi.keystore " + keystore + " is not a readable file");
        }
        if (!ssl && !keystore.isEmpty()) {
            throw new ConfigException("jmeter.rmi.keystore is given, but jmeter.rmi.ssl is false; drop one");
        }
        return new JmeterRemotes(List.copyOf(engines), ssl, ssl ? Path.of(keystore).toAbsolutePath() : null);
    }

    /** Whether the plan runs on remote engines. */
    boolean distributed() {
        return !engines.isEmpty();
    }

    /** JMeter's properties for RMI to the engines: the keystore (also the trust store: every party holds the one key), or no SSL. */
    Properties rmiProperties() {
        Properties p = new Properties();
        if (!ssl) {
            p.setProperty("server.rmi.ssl.disable", "true");
        } else {
            p.setProperty("server.rmi.ssl.keystore.file", keystore.toString());
            p.setProperty("server.rmi.ssl.truststore.file", keystore.toString());
        }
        return p;
    }

    /** Every engine accepts a connection now; the first that does not is refused with how to start it. */
    void checkReachable() {
        List<String> down = new ArrayList<>();
        for (String engine : engines) {
            String reason = EngineWatch.unreachable(engine);
            if (reason != null) {
                down.add(engine + " (" + reason + ")");
            }
        }
        if (!down.isEmpty()) {
            throw new ConfigException("JMeter engine" + (down.size() > 1 ? "s " : " ") + String.join(", ", down) + " do"
                    + (down.size() > 1 ? "" : "es") + " not answer: start each on its host with scripts/jmeter-engine.sh --port <port>");
        }
    }

    /**
     * The processes of the engines that run on this machine (named by a loopback address), found by their command line as
     * jmeter-server and scripts/jmeter-engine.sh start them ({@code -Dserver_port=<port>}): their CPU is the load generator's.
     */
    static List<Long> localPids(List<String> engines) {
        List<Long> pids = new ArrayList<>();
        for (String engine : engines) {
            String host = EngineWatch.host(engine);
            if (!Loopback.isLocal(host)) {
                continue;
            }
            String port = "-Dserver_port=" + EngineWatch.port(engine);
            ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                    .map(c -> c.contains("ApacheJMeter") && List.of(c.split(" ")).contains(port)).orElse(false))
                    .forEach(p -> pids.add(p.pid()));
        }
        return pids;
    }
}
