package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JMeter tree jmeter-maven-plugin's {@code configure} goal set up for this build: JMeter, its libraries, the plans'
 * samplers and {@code bin/user.properties} (the pom's {@code propertiesUser}), named in {@code target/config.json}. The run
 * starts JMeter from it itself.
 *
 * @param home the tree ({@code target/<uuid>/jmeter})
 * @param jar its launcher, {@code bin/ApacheJMeter-<version>.jar}
 */
record JmeterInstall(Path home, Path jar) {
    /** The plugin's test configuration, in the build's target directory. */
    static final String PLUGIN_CONFIG = "config.json";

    /** The tree the last configure goal wrote under {@code target}, if it is there. */
    static Optional<JmeterInstall> configured(Path target) {
        Path config = target.resolve(PLUGIN_CONFIG);
        if (!Files.isRegularFile(config)) {
            return Optional.empty();
        }
        try {
            for (JsonNode c : Json.mapper().readTree(config.toFile()).path("configurations")) {
                Path home = Path.of(c.path("jmeterDirectoryPath").asText());
                Path jar = home.resolve("bin").resolve(c.path("runtimeJarName").asText());
                if (Files.isRegularFile(jar)) {
                    return Optional.of(new JmeterInstall(home, jar));
                }
            }
        } catch (IOException e) {
            return Optional.empty(); // a configure goal killed while it wrote the file: as if none
        }
        return Optional.empty();
    }

    /** The tree of {@link #configured}, or a one-line error that says how to get one. */
    static JmeterInstall require(Path target) {
        return configured(target).orElseThrow(() -> new ConfigException("no JMeter is set up in " + target + " (" + PLUGIN_CONFIG
                + " names none): build the project once with ./mvnw -B package -DskipTests, whose jmeter-maven-plugin sets it up"));
    }
}
