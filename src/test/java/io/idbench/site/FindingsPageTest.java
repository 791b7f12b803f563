package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The findings, the site's landing page, from the fixture of real recorded runs: the answers it gives, pinned word for word
 * (their figures, intervals and verdicts), each with the runs behind it; and an interleaved comparison of two storages
 * answered by its paired verdict.
 */
class FindingsPageTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");

    @TempDir
    Path dir;
    private Path results;

    @BeforeEach
    void copyFixture() throws Exception {
        results = dir.resolve("results");
        FileTrees.copy(FIXTURE, results);
    }

    private List<String> findings(String section) throws Exception {
        Path out = dir.resolve("site");
        new Site().withResults(results).withOutput(out).generate();
        var page = Jsoup.parse(Files.readString(out.resolve("index.html")));
        return page.select("section#" + section + " article.finding").stream().map(a -> a.text()).toList();
    }

    @Test
    void everyAnswerNamesItsFiguresWithIntervalsAndLinksItsRuns() throws Exception {
        Path out = dir.resolve("site");
        new Site().withResults(results).withOutput(out).generate();
        var page = Jsoup.parse(Files.readString(out.resolve("index.html")));
        var answers = page.select("article.finding");
        assertThat(answers).hasSizeGreaterThan(5);
        for (var a : answers) {
            assertThat(a.select("a[href^=runs/]")).as(a.text()).isNotEmpty();
            for (var link : a.select("a[href^=runs/]")) {
                assertThat(out.resolve(link.attr("href"))).as(link.attr("href")).exists();
            }
        }
        assertThat(page.select("article.finding.alike")).as("answers without a measurable difference").isNotEmpty();
        assertThat(page.select("#needs tbody tr")).isNotEmpty();
    }

    @Test
    void theFixturesAnswersWordForWord() throws Exception {
        assertThat(findings("storage")).anySatisfy(f -> assertThat(f).startsWith(
                "JSONB is better: throughput higher (2.29x), p50 lower (0.46x), p95 lower (0.40x). Plan heterogeneous, 10k identities"
                        + " on 2 x AMD EPYC, 24 GiB: JSONB (jsonb-nodyn-10k) against relational (relational-nodyn-10k)")
                .contains("throughput 2.29x [1.65, 3.18] (2,569 against 1,123 req/s)",
                        "with the run-to-run noise estimated from 11 other runs of jsonb-nodyn-10k",
                        "runs of different code (f456780, 5173e89): part of the difference may be the code's"))
                .anySatisfy(f -> assertThat(f).startsWith("No measurable difference on any of these figures. Plan members, 1m identities")
                        .contains("throughput: no measurable difference (0.92x [0.74, 1.14]; 2,408 against 2,623 req/s)"));
        assertThat(findings("engine")).anySatisfy(f -> assertThat(f).contains(
                "OpenSearch (relational-nodyn-os-100k) against Elasticsearch (relational-nodyn-es-100k)",
                "throughput: no measurable difference (1.06x [0.86, 1.32]; 1,021 against 960 req/s)"));
        assertThat(findings("memberships")).anySatisfy(f -> assertThat(f).startsWith(
                "With dynamic memberships, jsonb is worse: throughput lower (0.54x), p50 higher (1.86x), p95 higher (1.99x)."));
        assertThat(findings("scaling")).anySatisfy(f -> assertThat(f).startsWith(
                "Throughput 0.98x per tenfold more identities; it falls most from 10k → 100k (0.58x [0.42, 0.81]). jsonb-nodyn,"
                        + " plan heterogeneous"));
        assertThat(findings("products")).as("the fixture's Keycloak run was disturbed: no answer").isEmpty();
    }

    @Test
    void eachSectionOpensWithAHeadlineThatCountsItsAnswers() throws Exception {
        Path out = dir.resolve("site");
        new Site().withResults(results).withOutput(out).generate();
        var page = Jsoup.parse(Files.readString(out.resolve("index.html")));
        assertThat(page.select("section#storage > p.headline").text()).isEqualTo("JSONB: better in 10 of 12 (heterogeneous with"
                + " dynamic memberships at 1k and 10k; heterogeneous at 1k, 10k and 100k; members at 1k; query-values at 1k, 10k and"
                + " 100k), worse in 1 (heterogeneous with Elasticsearch at 100k), not measurably different in 1 (members at 1m).");
        assertThat(page.select("section#memberships > p.headline").text()).isEqualTo("With dynamic memberships, jsonb: worse in 1"
                + " of 2 (heterogeneous at 10k), not measurably different in 1 (heterogeneous at 1k). With dynamic memberships,"
                + " relational: worse in 1 of 2 (heterogeneous at 10k), not measurably different in 1 (heterogeneous at 1k).");
        assertThat(page.select("section#scaling > p.headline").text()).startsWith(
                "Throughput per tenfold more identities, the best-scaling first: jsonb-nodyn-es (heterogeneous) 4.49x;")
                .endsWith("jsonb-nodyn (members) 0.41x.");
        assertThat(page.select("section#y2018 > p.headline").text())
                .startsWith("idbench serves 7.49x to 94.7x the throughput 2018 published, in 10 scenarios");
        assertThat(page.select("section#products > p.headline")).as("no answers, no headline").isEmpty();
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

        List<String> storage = findings("storage");
        String paired = storage.stream().filter(f -> f.contains("measured interleaved")).findFirst().orElseThrow(
                () -> new AssertionError("no interleaved answer among " + storage));
        assertThat(paired).contains("relational (relational-nodyn-10k) against JSONB (jsonb-nodyn-10k)",
                "interleaved in one build over 10 rounds, paired round by round",
                "Runs: jsonb-nodyn-10k ab10-01, relational-nodyn-10k ab10-01-versus");
        Matcher throughput = Pattern.compile("throughput(: no measurable difference \\()? ?(\\d+\\.\\d\\d)x \\[").matcher(paired);
        assertThat(throughput.find()).as(paired).isTrue();
    }

    @Test
    void aDirectoryBesideTheServiceIsNamedWithItsProtocolWhereverItStands() throws Exception {
        // A real OpenLDAP run (plan 1, 10k; 5 repetitions of 10 s) of another machine, moved to the fixture's machine and loop
        // shape so that it meets its SCIM runs.
        Path run = results.resolve("openldap-10k/ol-p1");
        Files.createDirectories(run);
        ObjectNode record = (ObjectNode) Json.mapper().readTree(Path.of("src/test/resources/openldap-run/summary.json").toFile());
        ObjectNode scim = (ObjectNode) Json.mapper().readTree(Files.list(results.resolve("jsonb-nodyn-10k")).sorted().findFirst()
                .orElseThrow().resolve("summary.json").toFile());
        record.put("runId", "ol-p1");
        ((ObjectNode) record.path("parameters")).put("duration", "0");
        for (String f : List.of("cpuModel", "cpus", "memoryBytes")) {
            ((ObjectNode) record.path("environment")).set(f, scim.path("environment").path(f));
        }
        Json.mapper().writeValue(run.resolve("summary.json").toFile(), record);

        assertThat(findings("products")).anySatisfy(f -> assertThat(f).contains(
                "openldap (openldap-10k) against idbench's service on jsonb-nodyn (jsonb-nodyn-10k), over LDAP against SCIM over HTTP"
                        + " (the protocols' costs are in the figures: no JSON, no HTTP and no token on LDAP's side)"));
        Path out = dir.resolve("site");
        assertThat(Files.readString(out.resolve("runs/openldap-10k/ol-p1/index.html")))
                .contains("spoken to\nover LDAP, not SCIM over HTTP");
        assertThat(Files.readString(out.resolve("scaling.html"))).contains("openldap (LDAP)");
    }
}
