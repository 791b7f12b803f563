package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sentences a careful reader caught on the three sites readers meet (the historic fixture's 64 runs, the night fixture's
 * 18, a new user's 1k and 10M runs), as they read now: an answer says how old it is and which machine it ran on, a bare
 * percentage is no verdict, a run not steady is marked where it is quoted, nothing judged is not green, the machine's moves
 * are named, curves join like with like only, a clone is not a load rate.
 */
class ReaderChecksTest {
    static final Path HISTORIC = Path.of("src/test/resources/site-fixture/results");
    static final Path NIGHT = Path.of("src/test/resources/night-fixture/results");
    static final Path NEW_USER = Path.of("src/test/resources/new-user-fixture/results");

    @TempDir
    static Path dir;

    private static final Map<Path, Path> SITES = new java.util.HashMap<>();

    @BeforeAll
    static void generate() throws Exception {
        for (Path results : List.of(HISTORIC, NIGHT, NEW_USER)) {
            Path out = dir.resolve(results.getParent().getFileName().toString());
            new Site().withResults(results).withOutput(out).generate();
            SITES.put(results, out);
        }
    }

    private static Document page(Path results, String page) throws Exception {
        return Jsoup.parse(SITES.get(results).resolve(page).toFile());
    }

    @Test
    void anAnswerAnsweredAtOlderCodeSaysHowFarTheNewerCodeMovedItsSideAndHowToAnswerItNow() throws Exception {
        // Was: "Elasticsearch is worse than PostgreSQL alone … 0.287x [0.210, 0.393]", with no word of a9f6162's 3x faster engine.
        var row = page(HISTORIC, "index.html").select("#answer-engine");
        assertThat(row.select("td.ratio .num").text()).isEqualTo("0.287x [0.210, 0.393]");
        assertThat(row.select("ul.caveats").text()).isEqualTo("Older than the code: a9f6162 + changes ran jsonb-nodyn-es-1m again"
                + " since and moved it 3.07x [2.24, 4.21] (461 → 1,410 req/s); the other side has not run at that code."
                + " ./mvnw -B verify -DskipTests -Dscenario=jsonb-nodyn-1m");
        assertThat(row.select("code.cmd").text()).isEqualTo("./mvnw -B verify -DskipTests -Dscenario=jsonb-nodyn-1m");
        // Its card below says it whole: at which code it stands, and which run of the newer code.
        assertThat(page(HISTORIC, "index.html").select("details#engine article.finding").first().select("ul.caveats").text())
                .startsWith("Answered at f456780, older than the code that ran since: a9f6162 + changes ran jsonb-nodyn-es-1m again"
                        + " (20261124-184118) and moved its throughput 3.07x [2.24, 4.21] (461 → 1,410 req/s); the other run has not"
                        + " run at that code, so the answer stands at f456780 only.");
    }

    @Test
    void everyAnswerNamesItsMachine() throws Exception {
        // The answers of one machine name it once, over the table; each finding below names it again.
        for (Path site : List.of(HISTORIC, NIGHT)) {
            Document index = page(site, "index.html");
            assertThat(index.select("h2#answers small").text()).isEqualTo("each on 2 vCPUs (AMD EPYC), 24 GiB; JMeter on the same host");
            assertThat(index.select("article.finding")).isNotEmpty().allSatisfy(a -> assertThat(a.text()).contains("; 2 vCPUs ("));
        }
    }

    @Test
    void noMeasurableDifferenceOverAWideIntervalCannotTell() throws Exception {
        // Was: "Dynamic memberships cost nothing measurable …" of 1.01x [0.736, 1.37].
        assertThat(page(HISTORIC, "index.html").select("#answer-memberships td.text").text()).startsWith("What dynamic memberships"
                + " cost cannot be told at plan 1 (heterogeneous), 1k identities, JSONB: throughput anywhere from −26.4 % to +37.3 %.");
    }

    @Test
    void anAnswerRestingOnARunNotSteadySaysWhich() throws Exception {
        // Was: the Elasticsearch (0.336x) and OpenLDAP (0.171x) answers, unmarked, on runs their own pages call NOT STEADY.
        Document index = page(NIGHT, "index.html");
        assertThat(index.select("#answer-engine ul.caveats").text()).isEqualTo("NOT STEADY: jsonb-nodyn-es-100k (Search existing user"
                + " p50 −45.0 %; 13 more).");
        assertThat(index.select("#answer-openldap ul.caveats").text()).startsWith("NOT STEADY: openldap-10k (Delete new user throughput"
                + " +12.8 %;");
        assertThat(index.select("details#engine ul.caveats").text()).startsWith("Rests on a run its own page calls NOT STEADY");
        // Where a steady pair exists, it answers: JSONB or relational at 10k rests on nightly-1, both steady.
        assertThat(index.select("#answer-storage td.runs").text()).isEqualTo("relational-nodyn-10k nightly-1 jsonb-nodyn-10k nightly-1");
        assertThat(index.select("#answer-storage ul.caveats")).isEmpty();
    }

    @Test
    void aBarePercentageIsNeverARegressionButTheStepBetweenCommitsIsShown() throws Exception {
        // Was: "REGRESSED … relational-nodyn-1k p99 20 → 23 ms … no intervals recorded: a bare percentage", and the 3.5x step
        // of a9f6162 counted as "0 improvements", its run page saying "no regression among 35 figures".
        Document overview = page(HISTORIC, "overview.html");
        assertThat(overview.text()).doesNotContain("REGRESSED").doesNotContain("Regressions in the newest runs");
        assertThat(overview.select("p.nothing").text()).startsWith("Nothing judged");
        Document trends = page(HISTORIC, "trends.html");
        assertThat(trends.select("p.ok")).as("nothing judged is not green").isEmpty();
        assertThat(trends.select("#verdict + p").attr("class")).isEqualTo("nothing");
        assertThat(trends.select("tr.step").eachText()).anySatisfy(r -> assertThat(r).startsWith("relational-nodyn-es-100k ALL"
                + " throughput 3.48x [2.54, 4.77] 293 → 1,020")).anySatisfy(r -> assertThat(r).startsWith(
                        "jsonb-nodyn-es-1m ALL throughput 3.07x"));
        Document run = page(HISTORIC, "runs/relational-nodyn-es-100k/20261124-184953/index.html");
        assertThat(run.text()).doesNotContain("no regression among");
        assertThat(run.select("p.nothing").text()).startsWith("Not judged against relational-nodyn-es-100k 20261123-000605"
                + " (f456780 → a9f6162 + changes): not judged: no interval recorded on the baseline (f456780)");
        assertThat(run.select("div.banner").text()).contains("A step between the two commits", "throughput 3.48x [2.54, 4.77]"
                + " (293 → 1,020 req/s)");
    }

    @Test
    void nothingJudgedIsGreyAndTheMachinesSameCodeMovesAreNamedWithTheirSize() throws Exception {
        // Was: "No regression in the newest run of 0 series" in green, the night's −25 % shown only as "No verdict".
        Document trends = page(NIGHT, "trends.html");
        assertThat(trends.select("#verdict + p").attr("class")).isEqualTo("nothing");
        assertThat(trends.select("#verdict + p").text()).startsWith("Nothing judged: none of the newest runs of 12 series");
        assertThat(trends.select("section.night div.nothing li").eachText()).anySatisfy(m -> assertThat(m).startsWith(
                "jsonb-nodyn-1k nightly-2 against nightly-1, both of code b3df949: throughput −24.6 %")
                .contains("(1,760 → 1,330 req/s)")).anySatisfy(m -> assertThat(m).startsWith(
                        "relational-nodyn-10k nightly-2 against nightly-1, both of code b3df949: throughput +17.6 %"));
        assertThat(page(NIGHT, "index.html").select("p.lead").text()).contains("the machine moved in 5 scenarios");
    }

    @Test
    void aRankingOfStrategiesNamesItsMachineAndNeverStacksTwo() throws Exception {
        // Was: members-100k (AMD, f456780, 30 loops: 119 req/s) stacked above members-1m (Intel, 13abc82, 20 s rounds: 2,620).
        var tables = page(HISTORIC, "index.html").select("details#needs table");
        assertThat(tables.eachAttr("class")).hasSize(2);
        assertThat(tables.select("caption").eachText()).containsExactly("2 vCPUs (AMD EPYC), 24 GiB; JMeter on the same host",
                "2 vCPUs (Intel(R) Xeon(R) Processor), 24 GiB; JMeter on the same host");
        // Versus 2018 names the machine as people read it, not its key ("2 x AMD EPYC").
        assertThat(page(HISTORIC, "versus-2018.html").select("p.hardware").eachText()).isNotEmpty()
                .allSatisfy(h -> assertThat(h).startsWith("idbench: 2 vCPUs (").doesNotContain(" x "));
    }

    @Test
    void aScalingCurveJoinsOnlyRunsOfOneMachineCodeAndLoadAndSaysWhatItDraws() throws Exception {
        Document scaling = page(HISTORIC, "scaling.html");
        assertThat(scaling.select("section.machine > h2").eachText()).hasSize(2);
        Map<String, RecordedRun> byPage = RunHistory.load(List.of(HISTORIC)).all().stream()
                .collect(Collectors.toMap(RecordedRun::page, Function.identity()));
        int lines = 0;
        for (var script : scaling.select("script[id^=set-]")) {
            for (JsonNode view : Json.mapper().readTree(script.data())) {
                for (JsonNode panel : view.path("panels")) {
                    for (JsonNode series : panel.path("series")) {
                        Set<String> kinds = new HashSet<>();
                        series.path("points").forEach(p -> {
                            RecordedRun r = byPage.get(p.path("link").asText());
                            kinds.add(r.machine() + " | " + r.code() + " | " + r.load());
                        });
                        if (!series.path("pointsOnly").asBoolean() && series.path("points").size() > 1) {
                            lines++;
                            assertThat(kinds).as(series.path("label").asText()).hasSize(1);
                        }
                    }
                }
            }
        }
        assertThat(lines).isPositive();
        // It says which colour is what, as drawn; no "green: OpenSearch" where no OpenSearch line is green.
        assertThat(scaling.select("section.machine ul.describes").eachText()).singleElement().satisfies(d -> assertThat(d).contains(
                "Colours: blue: PostgreSQL alone; orange: Elasticsearch; pink: keycloak; dashed: with dynamic memberships."));
        // The other machine ran one size of each strategy: no chart, and why.
        assertThat(scaling.select("section.machine").get(1).select("p.empty").text()).startsWith("No strategy has run at two sizes"
                + " on this machine yet");
        // The 2.39x "throughput kept per tenfold" of jsonb-nodyn-es is flagged, not headlined.
        assertThat(scaling.select("section.machine div.alert").text()).contains("jsonb-nodyn-es from 100k to 1m: its throughput rose"
                + " with the identities (2.39x from 100k to 1m)");
        assertThat(page(HISTORIC, "index.html").select("#answer-scaling td.ratio .num").text()).isEqualTo("0.977x [0.880, 1.08]");
    }

    @Test
    void aNewUsersSiteShowsEachRunTheLargestFirstAndTheTenMillionStory() throws Exception {
        // Was: "Your run so far: jsonb-nodyn-1k … One run answers none", with a 10M run recorded beside it.
        Document index = page(NEW_USER, "index.html");
        assertThat(index.select("div.start ul.yours li").eachText()).satisfiesExactly(
                big -> assertThat(big).startsWith("jsonb-nodyn-10m 20261201-204106: 10,000,000 identities, plan 1 (heterogeneous), 10"
                        + " threads for 20 s a repetition, 4 repetitions (after 1 settling) · 2,"),
                small -> assertThat(small).startsWith("jsonb-nodyn-1k 20261201-202738: 1,000 identities, plan 1 (heterogeneous), 10"
                        + " threads × 30 loops, 40 repetitions (after 1 settling) · 2,"));
        assertThat(index.select("#answer-scaling td.text").text()).startsWith("Not comparable yet: different loads, 30 loops against"
                + " 20 s a repetition");
        assertThat(page(NEW_USER, "scaling.html").select("section.machine ul.describes").text()).contains("hollow point");
        Document run = page(NEW_USER, "runs/jsonb-nodyn-10m/20261201-204106/index.html");
        assertThat(run.select("ul.measured li").eachText()).satisfiesExactly(
                m -> assertThat(m).isEqualTo("Measured over 4 repetitions (after 1 settling): 10 threads for 20 s a repetition."),
                d -> assertThat(d).startsWith("The dataset: 10,000,000 identities in 18.5 GiB of database, 78.8 % of the machine's"
                        + " 23.5 GiB of memory: it fits in the page cache, not in PostgreSQL's own shared_buffers (512MB)."),
                h -> assertThat(h).startsWith("What it touched: plan 1 reads, updates and searches the identities its own threads"
                        + " created").contains("not the 10,000,000 seeded ones; shared_buffers answered 99.0 % of its block reads"));
        // Was: "578,000 identities/s", a clone's speed called a load rate.
        String seed = run.select("table.kv tr:contains(this run)").text();
        assertThat(seed).contains("reused (a clone of the kept dataset, not a load) in 31.6 s").doesNotContain("identities/s");
    }

    @Test
    void theAnswersCsvHoldsNumbersInColumnsAndTheMachine() throws Exception {
        List<String> lines = Files.readAllLines(SITES.get(HISTORIC).resolve("data/answers.csv"));
        assertThat(lines.get(0)).isEqualTo("\"question id\",\"question\",\"answer\",\"ratio of\",\"ratio\",\"ratio low (95%)\","
                + "\"ratio high (95%)\",\"outcome\",\"machine\",\"load and code\",\"caveats\",\"runs\"");
        assertThat(lines.get(1)).startsWith("\"storage\",\"JSONB or relational?\",").contains(",\"JSONB / relational\",\"2.004\","
                + "\"1.467\",\"2.738\",\"better\",\"2 vCPUs (AMD EPYC), 24 GiB, JMeter on the same host\",");
    }

    @Test
    void everyColourOfTheChartsStandsOutOfWhiteByThreeToOne() {
        for (String c : Chart.PALETTE) {
            assertThat(contrast(c)).as(c).isGreaterThanOrEqualTo(3);
        }
    }

    /** WCAG's contrast ratio of a colour against white. */
    private static double contrast(String hex) {
        double[] rgb = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            rgb[i] = v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        double l = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
        return 1.05 / (l + 0.05);
    }
}
