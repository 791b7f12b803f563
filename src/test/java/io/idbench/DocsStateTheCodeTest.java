package io.idbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.EngineVersions;
import io.idbench.config.Plan;
import io.idbench.config.Protocol;
import io.idbench.config.ScenarioConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** What the README and docs/ state of the code (the plans, the versions it provisions) is what the code declares. */
class DocsStateTheCodeTest {
    private static final List<String> NUMBERS = List.of("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten", "eleven", "twelve");

    private static String read(String file) throws IOException {
        return Files.readString(Path.of(file));
    }

    private static String number(int n) {
        return NUMBERS.get(n);
    }

    private static List<String> ldapTwins() {
        return Stream.of(Plan.values()).filter(p -> Files.exists(Path.of("jmeter", Protocol.LDAP.planFile(p)))).map(Plan::id).toList();
    }

    @Test
    void theReadmeTablesEveryPlanInOrder() throws IOException {
        String readme = read("README.md");
        assertThat(readme).contains("The " + number(Plan.values().length) + " plans (");
        Matcher row = Pattern.compile("(?m)^\\| (\\d+) `([a-z-]+)` \\|").matcher(readme);
        List<String> rows = new ArrayList<>();
        while (row.find()) {
            rows.add(row.group(1) + " " + row.group(2));
        }
        assertThat(rows).containsExactlyElementsOf(Stream.of(Plan.values()).map(p -> p.number() + " " + p.id()).toList());
    }

    @Test
    void theBenchmarkPageCountsThePlansAndNamesTheirLdapTwins() throws IOException {
        String page = read("docs/benchmark.md");
        String heading = "## The plans (`jmeter/`)\n\n";
        assertThat(page).contains(heading);
        String plans = page.substring(page.indexOf(heading) + heading.length()).split("\n\n", 2)[0].replaceAll("\\s+", " ");
        List<String> twins = ldapTwins();
        String named = twins.stream().limit(twins.size() - 1).map(id -> "`" + id + "`").collect(Collectors.joining(", "))
                + ", `" + twins.get(twins.size() - 1) + "`";
        String n = number(Plan.values().length);
        assertThat(plans).startsWith(n.substring(0, 1).toUpperCase(Locale.ROOT) + n.substring(1) + " plans over SCIM")
                .contains("and " + number(twins.size()) + " of them (" + named + ") also over LDAP");
    }

    @Test
    void theEngineVersionsAreThePomsEverywhereTheyAreWritten() throws IOException {
        String provisioning = read("docs/provisioning.md");
        assertThat(provisioning).contains("`integ-test-zip` " + EngineVersions.ELASTICSEARCH,
                "`integ-test-zip` " + EngineVersions.OPENSEARCH,
                "`" + ScenarioConfig.DEFAULT_ELASTICSEARCH_IMAGE + "`", "`" + ScenarioConfig.DEFAULT_OPENSEARCH_IMAGE + "`");
        Matcher image = Pattern.compile("image: (\\S*(?:elasticsearch|opensearch)\\S*)").matcher(read("docker-compose.yml"));
        List<String> images = new ArrayList<>();
        while (image.find()) {
            images.add(image.group(1));
        }
        assertThat(images).isNotEmpty().allSatisfy(i -> assertThat(i).isIn(ScenarioConfig.DEFAULT_ELASTICSEARCH_IMAGE,
                ScenarioConfig.DEFAULT_OPENSEARCH_IMAGE));
    }

    @Test
    void theKeycloakTheBuildUnpacksIsTheOneTheTargetsPageNames() throws Exception {
        var pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        String version = pom.getElementsByTagName("keycloak.version").item(0).getTextContent();
        assertThat(read("docs/targets.md")).contains("`org.keycloak:keycloak-quarkus-dist:" + version + "`");
    }
}
