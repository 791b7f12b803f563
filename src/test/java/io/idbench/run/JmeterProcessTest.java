package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JMeter process the run starts: its command line, the run's options, the tree the build set up, the forks' results. */
class JmeterProcessTest {
    @TempDir
    Path dir;

    private final JmeterInstall tree = new JmeterInstall(Path.of("/t/uuid/jmeter"), Path.of("/t/uuid/jmeter/bin/ApacheJMeter-5.6.3.jar"));

    @Test
    void runsThePlanNonGuiWithTheRunsPropertiesAsJmeterMavenPluginDid() {
        List<String> c = new JmeterProcess(tree, RunOptions.from(Map.of()), System.out).command(Path.of("p.jmx"), Path.of("r.csv"),
                Path.of("p.log"), List.of(Path.of("run.properties"), Path.of("fork2.properties")), List.of());

        assertThat(c.subList(1, c.size())).containsExactly("-Xms1024M", "-Xmx1024M", "-XX:+UseParallelGC", "-Djava.awt.headless=true",
                "-jar", "/t/uuid/jmeter/bin/ApacheJMeter-5.6.3.jar", "-d", "/t/uuid/jmeter", "-j", "p.log", "-l", "r.csv", "-n", "-q",
                "run.properties", "-q", "fork2.properties", "-t", "p.jmx", "-Dsun.net.http.allowRestrictedHeaders", "true");
    }

    @Test
    void remoteEnginesGetThePropertiesFilesAsGlobalOnesByName() {
        RunOptions options = RunOptions.from(Map.of(RunOptions.JMETER_HEAP, "512", RunOptions.JMETER_GC, "-XX:+UseG1GC -XX:+AlwaysPreTouch",
                RunOptions.JMETER_RMI_HOSTNAME, "10.0.0.1"));
        List<String> c = new JmeterProcess(tree, options, System.out).command(Path.of("p.jmx"), Path.of("r.csv"), Path.of("p.log"),
                List.of(Path.of("run.properties")), List.of("10.0.0.2:1099", "10.0.0.3:1099"));

        assertThat(c).contains("-Xms512M", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch", "-Djava.rmi.server.hostname=10.0.0.1", "-R",
                "10.0.0.2:1099,10.0.0.3:1099", "-Grun.properties").doesNotContain("-XX:+UseParallelGC");
        assertThat(c.indexOf("-Djava.rmi.server.hostname=10.0.0.1")).isLessThan(c.indexOf("-jar"));
    }

    @Test
    void badOptionsAreRefusedInOneLine() {
        assertThatThrownBy(() -> RunOptions.from(Map.of(RunOptions.JMETER_HEAP, "1g"))).isInstanceOf(ConfigException.class)
                .hasMessage("jmeter.heap must be the JMeter JVM's heap in MB, 64 to 65536, was '1g'");
        assertThatThrownBy(() -> RunOptions.from(Map.of(RunOptions.JMETER_GC, "UseG1GC"))).isInstanceOf(ConfigException.class)
                .hasMessage("jmeter.gc takes JVM options (such as -XX:+UseG1GC), was 'UseG1GC'");
        assertThatThrownBy(() -> RunOptions.from(Map.of(RunOptions.SITE, "no"))).isInstanceOf(ConfigException.class)
                .hasMessage("idbench.site must be true or false, was 'no'");
    }

    @Test
    void theTreeIsTheOneConfigJsonNamesAndAMissingOneSaysHowToGetIt() throws Exception {
        Path home = dir.resolve("0b4c0d6e-1111-2222-3333-444455556666/jmeter");
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/ApacheJMeter-5.6.3.jar"), "");
        assertThatThrownBy(() -> JmeterInstall.require(dir)).isInstanceOf(ConfigException.class).hasMessage("no JMeter is set up in "
                + dir + " (config.json names none): build the project once with ./mvnw -B package -DskipTests, whose"
                + " jmeter-maven-plugin sets it up");
        Files.writeString(dir.resolve("config.json"), "");
        assertThat(JmeterInstall.configured(dir)).as("a config.json left empty by a killed build").isEmpty();
        Files.writeString(dir.resolve("config.json"), "{\"configurations\":[{\"jmeterDirectoryPath\":\"" + home
                + "\",\"runtimeJarName\":\"ApacheJMeter-5.6.3.jar\"}]}");
        assertThat(JmeterInstall.require(dir)).isEqualTo(new JmeterInstall(home, home.resolve("bin/ApacheJMeter-5.6.3.jar")));
    }

    @Test
    void theForksResultsBecomeOneFileWithOneHeader() throws Exception {
        Path one = Files.writeString(dir.resolve("p-fork1.csv"), "timeStamp,elapsed\n1,2\n3,4\n");
        Path two = Files.writeString(dir.resolve("p-fork2.csv"), "timeStamp,elapsed\n5,6\n");

        BenchmarkRun.concatenate(List.of(one, two), dir.resolve("p.csv"));

        assertThat(Files.readAllLines(dir.resolve("p.csv"))).containsExactly("timeStamp,elapsed", "1,2", "3,4", "5,6");
    }
}
