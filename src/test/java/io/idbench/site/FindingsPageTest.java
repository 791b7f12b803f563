package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.config.TargetKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The landing page from the fixtures of real recorded runs: the answer table first, a row per question; every finding names
 * its load, code, runs and noise; runs of different code or load are never set side by side, and say so; the historic
 * fixture's sentences that once compared different code, as they read now.
 */
class FindingsPageTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");
    static final Path NIGHT = Path.of("src/test/resources/night-fixture/results");

    @TempDir
    Path dir;
    private Path results;

    @BeforeEach
    void copyFixture() throws Exception {
        results = dir.resolve("results");
        FileTrees.copy(FIXTURE, results);
    }

    private Document index(Path from) throws Exception {
        Path out = dir.resolve("site");
        new Site().withResults(from).withOutput(out).generate();
        return Jsoup.parse(out.resolve("index.html").toFile());
    }

    private List<String> findings(Path from, String section) throws Exception {
        return index(from).select("details#" + section + " article.finding").stream().map(a -> a.text()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"site-fixture", "night-fixture"})
    void theAnswerTableComesFirstARowPerQuestion(String fixture) throws Exception {
        Document page = index(Path.of("src/test/resources", fixture, "results"));
        assertThat(page.select("main > *").stream().map(e -> e.tagName() + "." + e.className()).toList().subList(0, 4))
                .as("the heading, one line, then the answers").containsExactly("h1.", "p.lead", "h2.", "div.scroll");
        assertThat(page.select("main > h2").stream().map(h -> h.ownText().strip()).toList()).as("the page's outline")
                .startsWith("The answers", "How to read it", "The findings behind each answer");
        assertThat(page.select("details.question > summary > h3")).as("a heading per question").hasSizeGreaterThan(5);
        List<String> rows = new ArrayList<>(List.of("answer-storage", "answer-engine", "answer-memberships", "answer-scaling"));
        Arrays.stream(TargetKind.values()).filter(k -> !k.ownService()).forEach(k -> rows.add("answer-" + k.id()));
        assertThat(page.select("table.answers tbody tr").eachAttr("id")).containsExactlyElementsOf(rows);
        for (var row : page.select("table.answers tbody tr")) {
            boolean answered = !row.select("td.ratio .num").isEmpty();
            assertThat(answered || row.text().contains(" yet")).as(row.text()).isTrue();
            // Its runs linked; a product that has no run at all says the command that makes one.
            assertThat(!row.select("a[href^=runs/]").isEmpty() || row.text().contains("-Dtarget=")).as(row.text()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"site-fixture", "night-fixture"})
    void everyFindingNamesItsLoadItsCodeItsNoiseAndItsRuns(String fixture) throws Exception {
        Path out = dir.resolve("site");
        Document page = index(Path.of("src/test/resources", fixture, "results"));
        var cards = page.select("article.finding");
        assertThat(cards).hasSizeGreaterThan(5);
        for (var a : cards) {
            assertThat(a.text()).as(a.text()).containsPattern("\\d+ threads (× \\d+ loops|for \\d+ s a repetition)")
                    .containsPattern("; code [0-9a-f]{7}").containsPattern("noise|interleaved");
            assertThat(a.select("a[href^=runs/]")).isNotEmpty().allSatisfy(l -> assertThat(out.resolve(l.attr("href"))).exists());
        }
    }

    @Test
    void theHistoricSentencesThatComparedDifferentCodeNowCompareLikeWithLike() throws Exception {
        // Once: "With Elasticsearch, jsonb is worse … throughput lower (0.21x)" (an engine run of 291febf against one of
        // f456780) and "With Elasticsearch, relational is better … throughput higher (1.37x)" (a9f6162 against f456780).
        List<String> engine = findings(results, "engine");
        String amd = "2 vCPUs (AMD EPYC), 24 GiB, JMeter on the same host.";
        assertThat(engine).anySatisfy(f -> assertThat(f).startsWith("Elasticsearch is worse than PostgreSQL alone. plan 1"
                + " (heterogeneous), 100k identities, JSONB; 10 threads × 30 loops; code f456780; " + amd)
                .contains("throughput 0.130x [0.0948, 0.177] (193 against 1,490 req/s)"));
        assertThat(engine).anySatisfy(f -> assertThat(f).startsWith("Elasticsearch is worse than PostgreSQL alone. plan 1"
                + " (heterogeneous), 100k identities, relational; 10 threads × 30 loops; code f456780; " + amd)
                .contains("throughput 0.394x [0.288, 0.538] (293 against 743 req/s)"));
        // Once: "the best-scaling first: jsonb-nodyn-es (heterogeneous) 4.49x" (291febf at 100k against a9f6162 at 1m).
        Document page = index(results);
        assertThat(page.text()).doesNotContain("best-scaling").doesNotContain("4.49x");
        assertThat(page.select("details#scaling article.finding").eachText()).anySatisfy(f -> assertThat(f).startsWith(
                "jsonb-nodyn-es from 100k to 1m: throughput 193 → 461 req/s, 2.39x [1.75, 3.26] per tenfold more identities."
                        + " plan 1 (heterogeneous); 10 threads × 30 loops; code f456780; " + amd));
        assertThat(page.select("details#storage ul.gaps li").eachText()).anySatisfy(g -> assertThat(g).startsWith(
                "Not comparable yet: different code, f456780 vs 5173e89 + changes (relational-nodyn-10k 20261123-000022,"
                        + " jsonb-nodyn-10k ab10-02)."));
        assertThat(page.select("#answer-keycloak").text()).contains("Not answered yet: the only keycloak-1k runs were disturbed.");
    }

    @Test
    void theNightAnswersEveryQuestionWithItsNoiseMeasured() throws Exception {
        Document page = index(NIGHT);
        assertThat(page.select("table.answers td.ratio .num")).hasSize(6);
        assertThat(page.select("table.answers").text()).doesNotContain("the default").contains("of one code here");
        assertThat(page.select("#answer-storage td.text").text()).startsWith("JSONB is better than relational at plan 1"
                + " (heterogeneous), 10k identities.");
        assertThat(page.select("figure.forest .forest-line")).hasSize(6);
    }

    @Test
    void anInterleavedComparisonOfTwoStoragesIsAnsweredByItsPairedVerdict() throws Exception {
        // The fixture's interleaved A/B trial, its side B made a relational run without the handicap: two storages, one build.
        Path a = results.resolve("jsonb-nodyn-10k/ab10-01");
        Path b = results.resolve("relational-nodyn-10k/ab10-01-versus");
        Files.move(results.resolve("jsonb-nodyn-10k/ab10-01-versus"), b);
        ObjectNode bRecord = (ObjectNode) Json.mapper().readTree(b.resolve("summary.json").toFile());
        bRecord.put("scenario", "relational-nodyn-10k");
        ((ObjectNode) bRecord.path("parameters")).put("storage", "relational").remove("handicap");
        Json.mapper().writeValue(b.resolve("summary.json").toFile(), bRecord);
        ObjectNode aRecord = (ObjectNode) Json.mapper().readTree(a.resolve("summary.json").toFile());
        ((ObjectNode) aRecord.path("versus")).put("b", b.toAbsolutePath().toString());
        ((ObjectNode) aRecord.path("parameters")).remove("versus.handicap");
        Json.mapper().writeValue(a.resolve("summary.json").toFile(), aRecord);

        List<String> storage = findings(results, "storage");
        String paired = storage.stream().filter(f -> f.contains("measured interleaved")).findFirst().orElseThrow(
                () -> new AssertionError("no interleaved answer among " + storage));
        assertThat(paired).contains("relational is ", "both sides in one build", "measured interleaved in one build over 10 rounds",
                "Runs: jsonb-nodyn-10k ab10-01, relational-nodyn-10k ab10-01-versus");
        Matcher throughput = Pattern.compile("throughput(: [a-z0-9 ]+ \\()? ?(\\d+\\.\\d+)x \\[").matcher(paired);
        assertThat(throughput.find()).as(paired).isTrue();
    }

    @Test
    void aDirectoryBesideTheServiceIsNamedWithItsProtocolWhereverItStands() throws Exception {
        // A real OpenLDAP run (plan 1, 10k; 5 repetitions of 10 s) of another machine and commit, moved to the fixture's machine,
        // code and loop shape so that it meets its SCIM runs like with like.
        Path run = results.resolve("openldap-10k/ol-p1");
        Files.createDirectories(run);
        ObjectNode record = (ObjectNode) Json.mapper().readTree(Path.of("src/test/resources/openldap-run/summary.json").toFile());
        ObjectNode scim = (ObjectNode) Json.mapper().readTree(results.resolve("relational-nodyn-10k/20261123-000022/summary.json")
                .toFile());
        record.put("runId", "ol-p1");
        ((ObjectNode) record.path("parameters")).put("duration", "0");
        for (String f : List.of("cpuModel", "cpus", "memoryBytes", "gitCommit", "gitDirty")) {
            ((ObjectNode) record.path("environment")).set(f, scim.path("environment").path(f));
        }
        for (String p : List.of("rampup", "warmup", "hotset", "loops", "threads")) {
            ((ObjectNode) record.path("parameters")).set(p, scim.path("parameters").path(p));
        }
        Json.mapper().writeValue(run.resolve("summary.json").toFile(), record);

        assertThat(findings(results, "openldap")).anySatisfy(f -> assertThat(f).startsWith("OpenLDAP is ").contains(
                "over LDAP against SCIM over HTTP: the protocols' costs are in the figures (no JSON, no HTTP and no token on LDAP's"
                        + " side)"));
        Path out = dir.resolve("site");
        assertThat(Files.readString(out.resolve("runs/openldap-10k/ol-p1/index.html")))
                .contains("spoken to\nover LDAP, not SCIM over HTTP");
        assertThat(Files.readString(out.resolve("scaling.html"))).contains("openldap (LDAP)");
    }
}
