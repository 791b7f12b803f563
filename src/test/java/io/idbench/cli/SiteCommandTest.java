package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.record.Change;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.Side;
import io.idbench.record.Timeline;
import io.idbench.record.Versus;
import io.idbench.results.Timelines;
import io.idbench.site.Format;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import picocli.CommandLine;

/**
 * {@code idbench site} over a copy of the fixture of real runs: the pages, the numbers behind every
 * chart, the regression verdict of the newest runs (an injected regression flagged, an unchanged
 * run passing), and bad arguments refused with one line, leaving the output as it was.
 */
class SiteCommandTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");
    /** Ten default runs of one commit (A/A), recorded with intervals, plus runs disturbed by another build. */
    static final String SCENARIO = "jsonb-nodyn-10k";
    /** Older runs (recorded before intervals), one with its JTL and service log. */
    static final String OLDER = "jsonb-nodyn-1k";
    /** A step the history must show: larger than the machine's drift over the A/A runs (their throughput spans 25 %). */
    static final double STEP = 1.35;

    @TempDir
    Path dir;
    private Path results;
    private Path out;
    private final StringWriter stdout = new StringWriter();
    private final StringWriter stderr = new StringWriter();

    @BeforeEach
    void copyFixture() throws Exception {
        results = dir.resolve("results");
        FileTrees.copy(FIXTURE, results);
        out = dir.resolve("site");
    }

    private int site(String... args) {
        CommandLine cl = Idbench.commandLine();
        cl.setOut(new PrintWriter(stdout));
        cl.setErr(new PrintWriter(stderr));
        String[] all = Stream.concat(Stream.of("site", "--results=" + results, "--out=" + out), Stream.of(args)).toArray(String[]::new);
        return cl.execute(all);
    }

    /** verdict.xml's root, parsed as any JUnit reader parses it. */
    private Element junit() throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(out.resolve("verdict.xml").toFile()).getDocumentElement();
    }

    /** Only the scenario's fixture runs: the verdicts then depend on them and on what a test adds. */
    private void onlyTheScenario() throws Exception {
        try (Stream<Path> scenarios = Files.list(results)) {
            for (Path other : scenarios.filter(p -> !p.getFileName().toString().equals(SCENARIO)).toList()) {
                FileTrees.delete(other);
            }
        }
    }

    /** Only the scenario's ten A/A runs: its history without the runs beside another build and the A/B trials. */
    private void onlyTheAaRuns() throws Exception {
        onlyTheScenario();
        try (Stream<Path> runs = Files.list(results.resolve(SCENARIO))) {
            for (Path other : runs.filter(r -> !r.getFileName().toString().startsWith("aa-")).toList()) {
                FileTrees.delete(other);
            }
        }
    }

    /**
     * The scenario's newest trustworthy run copied as a run {@code days} later of a commit of its own, with every latency
     * (and its interval) scaled by {@code latencyFactor} and every throughput by {@code throughputFactor}.
     */
    private Path laterRun(String runId, int days, double latencyFactor, double throughputFactor) throws Exception {
        return laterRun(runId, days, latencyFactor, throughputFactor, String.format("%08x", runId.hashCode()).repeat(5));
    }

    /** … of {@code commit}, or of the copied run's code when null. */
    private Path laterRun(String runId, int days, double latencyFactor, double throughputFactor, String commit) throws Exception {
        Path newest;
        try (Stream<Path> runs = Files.list(results.resolve(SCENARIO))) {
            newest = runs.filter(r -> r.getFileName().toString().startsWith("aa-")).max(Path::compareTo).orElseThrow();
        }
        Path copy = results.resolve(SCENARIO).resolve(runId);
        Files.createDirectories(copy);
        ObjectNode summary = (ObjectNode) Json.mapper().readTree(newest.resolve("summary.json").toFile());
        summary.put("runId", runId).put("started", Instant.parse(summary.path("started").asText()).plusSeconds(86_400L * days).toString());
        if (commit != null) {
            ((ObjectNode) summary.path("environment")).put("gitCommit", commit).put("gitDirty", false);
        }
        summary.path("labels").forEach(label -> label.fieldNames().forEachRemaining(f -> scale((ObjectNode) label, f,
                latencyFactor, throughputFactor)));
        summary.path("intervals").forEach(label -> label.fields().forEachRemaining(f -> {
            for (String bound : List.of("value", "low", "high")) {
                scale((ObjectNode) f.getValue(), bound, f.getKey().equals("throughput") ? throughputFactor : latencyFactor, 1);
            }
        }));
        Json.mapper().writeValue(copy.resolve("summary.json").toFile(), summary);
        return copy;
    }

    private static void scale(ObjectNode node, String field, double latencyFactor, double throughputFactor) {
        if (node.path(field).isNumber() && !List.of("samples", "errors", "errorRate", "logSe").contains(field)) {
            node.put(field, node.path(field).asDouble() * (field.equals("throughput") ? throughputFactor : latencyFactor));
        }
    }

    @Test
    void writesEveryPageAndTheNumbersBehindEveryChart() throws Exception {
        assertThat(site()).isZero();
        assertThat(out.resolve("index.html")).exists();
        for (String page : List.of("scaling", "versus-2018", "trends", "studies", "runs")) {
            assertThat(out.resolve(page + ".html")).as(page).exists();
        }
        assertThat(out.resolve("assets/chart.umd.js")).exists();
        String scaling = Files.readString(out.resolve("scaling.html"));
        // The fixture holds runs of two machines: the page has a section for each, and no chart holds runs of both.
        JsonNode run100k = newestSummary("jsonb-nodyn-100k");
        String hardware = run100k.path("environment").path("cpus").asInt() + " vCPUs (" + run100k.path("environment").path("cpuModel")
                .asText() + ")";
        Matcher sections = Pattern.compile("<section class=\"machine\" id=\"(scaling-m\\d)\">\\s*<h2>([^<]+)").matcher(scaling);
        String machine = null;
        int count = 0;
        while (sections.find()) {
            count++;
            if (sections.group(2).startsWith(hardware)) {
                machine = sections.group(1);
            }
        }
        assertThat(count).as("a section per machine").isEqualTo(2);
        assertThat(machine).as("the section of " + hardware + " on the scaling page").isNotNull();
        try (Stream<Path> csv = Files.list(out.resolve("data"))) {
            List<String> names = csv.map(p -> p.getFileName().toString()).toList();
            assertThat(names).contains(machine + "-all-p95-jsonb.csv", machine + "-all-throughput-relational.csv", "versus-2018-p95.csv");
            for (String name : names) {
                assertThat(Files.readAllLines(out.resolve("data").resolve(name))).as(name).hasSizeGreaterThan(1);
            }
        }
        assertThat(scaling).contains("data-set=\"" + machine + "\"", "data/" + machine + "-all-p95-jsonb.csv");
        // The scaling CSV carries the recorded p95 of the newest jsonb-nodyn-100k run (its ALL median).
        List<List<String>> latency;
        try (MappingIterator<List<String>> rows = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY).readerFor(List.class)
                .readValues(out.resolve("data/" + machine + "-all-p95-jsonb.csv").toFile())) {
            latency = rows.readAll();
        }
        List<String> header = latency.get(0);
        int column = header.indexOf("jsonb-nodyn (p95 (ms))");
        assertThat(column).as("jsonb-nodyn in " + header).isPositive();
        List<String> row100k = latency.stream().filter(l -> l.get(0).equals("100,000")).findFirst().orElseThrow();
        assertThat(row100k.get(column)).isEqualTo(Format.figure(run100k.path("labels").path("ALL").path("p95").asDouble()));
        // The strategy's 10k run is of other code than its line: drawn apart, not joined, and it says so.
        int apart = header.indexOf("jsonb-nodyn: not joined (other code or load, or no verdict) (p95 (ms))");
        assertThat(apart).as("the runs drawn apart in " + header).isPositive();
        List<String> row10k = latency.stream().filter(l -> l.get(0).equals("10,000")).findFirst().orElseThrow();
        assertThat(row10k.get(column)).isEmpty();
        assertThat(row10k.get(apart)).endsWith("(other code: 5173e89 + changes)");
        // A page per run, with its record beside it.
        assertThat(out.resolve("runs").resolve(SCENARIO)).isDirectoryContaining(p -> Files.exists(p.resolve("index.html")));
        // A run page says the run in one line before anything else.
        assertThat(Files.readString(out.resolve("runs/jsonb-nodyn-10k/ab10-02/index.html"))).contains("<p class=\"headline\">2,570"
                + " req/s [2,300, 2,890] over all operations; p50 3.23 ms [2.91, 3.59], p95 8.03 ms [7.12, 8.79]; no errors in 15,823"
                + " requests; 514 µs of CPU per request in the system under test, 198 µs in JMeter.</p>");
        // A run on a dataset whose load recorded its longest builds shows them apart from the phases.
        String reused = Files.readString(out.resolve("runs/members-jsonb-nodyn-1m/final-mj1m/index.html"));
        assertThat(reused).contains("its longest index builds</th><td><code>scim_user_emails</code>");
        // Another product: what it did not do of the workload on top of its page, the product itself, a series of its own.
        String keycloak = Files.readString(out.resolve("runs/keycloak-1k/kc-p1/index.html"));
        assertThat(keycloak).contains("What this target", "<li>password not stored: Keycloak", "<li>sortBy ignored",
                "<h2>Target</h2>", "<th scope=\"row\">version</th><td>26.7.3</td>");
        assertThat(Files.readAllLines(out.resolve("data/" + machine + "-all-p95-products.csv")).get(0))
                .contains("\"keycloak: not joined (other code or load, or no verdict) (p95 (ms))\"");
    }

    @Test
    void aSoaksRunPageDrawsItsSlicesAndNamesTheFigureThatGrows() throws Exception {
        Path run = results.resolve(SCENARIO).resolve("ab10-02");
        List<Timeline.Slice> slices = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            // The service's memory grows by 10 MiB a slice: 60 MiB an hour; the connections stay at 20.
            slices.add(new Timeline.Slice(i * 600, 600, 1_500_000, 0, 2500 + i % 2 * 20, 8, (400.0 + 10 * i) * 1024 * 1024,
                    300.0 * 1024 * 1024, 900.0 * 1024, 45.0, 600.0, 50.0, 20.0));
        }
        RecordFile.update(run, r -> r.withTimeline(new Timeline(600, slices, Timelines.slopes(slices))));
        assertThat(site()).as(stderr.toString()).isZero();
        Document page = Jsoup.parse(out.resolve("runs/jsonb-nodyn-10k/ab10-02/index.html").toFile());
        assertThat(page.select("#over-time")).hasSize(1);
        assertThat(page.select("[data-chart*=-timeline-]").eachAttr("data-chart")).containsExactly(
                "run-jsonb-nodyn-10k-ab10-02-timeline-throughput", "run-jsonb-nodyn-10k-ab10-02-timeline-p95",
                "run-jsonb-nodyn-10k-ab10-02-timeline-memory", "run-jsonb-nodyn-10k-ab10-02-timeline-handles");
        assertThat(page.select("tr.regressed th").eachText()).contains("service memory (PSS)");
        assertThat(page.select("tr:has(th:containsOwn(service memory (PSS))) td").eachText())
                .containsExactly("60 MiB [60, 60]", "14.1 %", "grows");
        assertThat(page.select("tr:has(th:containsOwn(PostgreSQL client connections)) td").eachText())
                .containsExactly("0 [0, 0]", "0 %", "flat");
        assertThat(page.text()).as("no engine ran: the process the sampler filed as one is not drawn")
                .doesNotContain("search engine memory");
        assertThat(page.select("p.note").text()).doesNotContain("search engine");
    }

    @Test
    void runsWithReplicasAreTheirOwnSeriesAndDrawnAgainstTheReplicas() throws Exception {
        for (int instances : new int[] {2, 4}) {
            Path run = laterRun("replicas-" + instances, instances, 1, instances / 2.0);
            ObjectNode summary = (ObjectNode) Json.mapper().readTree(run.resolve("summary.json").toFile());
            ((ObjectNode) summary.path("parameters")).put("instances", "" + instances);
            Json.mapper().writeValue(run.resolve("summary.json").toFile(), summary);
        }
        assertThat(site()).as(stderr.toString()).isZero();
        String scaling = Files.readString(out.resolve("scaling.html"));
        assertThat(scaling).contains("Replicas of the service", "data-chart=\"scaling-replicas\"");
        List<String> rows = Files.readAllLines(out.resolve("data/scaling-replicas.csv"));
        assertThat(rows.get(0)).contains(SCENARIO);
        assertThat(rows).as("one point per replica count: the single run's, 2 and 4").hasSize(4);
        assertThat(rows.get(1)).startsWith("\"1\",");
        assertThat(rows.get(3)).startsWith("\"4\",");
        // The single run's series did not take the replicas' runs as its newest.
        assertThat(stdout.toString()).doesNotContain("instances differs");
    }

    @Test
    void tenRunsOfOneCommitAreNoRegressionAsAHistory() throws Exception {
        onlyTheAaRuns();
        assertThat(site("--fail-on-regression")).isZero();
        assertThat(stdout.toString()).doesNotContain("REGRESSION").doesNotContain("step in the history:")
                .contains(SCENARIO + " aa-10: no verdict, the same code as every earlier run (5173e89)")
                .endsWith("Nothing judged: none of the newest runs of 1 series had a baseline of other code, with intervals, on a"
                        + " machine as fast, to judge it by\n");
        String trends = Files.readString(out.resolve("trends.html"));
        // The machine got faster over the evening (CPU per request -20 % from aa-01 to aa-10, at one commit): its steps are
        // shown as the machine's, none as a step for the worse or the better, and no run is judged against one of its code.
        assertThat(trends).doesNotContain("class=\"regressed").doesNotContain("<li class=\"worse\">")
                .doesNotContain("<li class=\"better\">").doesNotContain("Steps in this history where the code changed")
                .containsPattern("The machine moved \\d+ times").contains("among runs of the same code: the machine&#39;s")
                .contains("no verdict: the same code as every earlier run (5173e89): what differs between them is the machine&#39;s");
    }

    /** A run of the same code as every run before it, twice as slow, is not judged: nothing but the machine differs. */
    @Test
    void aSlowerRunOfTheSameCodeIsTheMachines() throws Exception {
        onlyTheAaRuns();
        laterRun("same-code", 1, 2, 0.5, null);
        assertThat(site("--fail-on-regression")).isZero();
        assertThat(stdout.toString()).doesNotContain("REGRESSION")
                .contains(SCENARIO + " same-code: no verdict, the same code as every earlier run (5173e89)");
        Element suites = junit();
        assertThat(suites.getAttribute("skipped")).isEqualTo("1");
        Element skipped = (Element) suites.getElementsByTagName("skipped").item(0);
        assertThat(((Element) skipped.getParentNode()).getAttribute("name")).isEqualTo("verdict of the newest run");
        assertThat(skipped.getAttribute("message")).startsWith("no verdict: the same code as every earlier run (5173e89)");
    }

    /** The run beside another build and the handicapped sides of the A/B trials are in the series, shown, and judged by nobody. */
    @Test
    void disturbedAndHandicappedRunsAreShownButJudgedByNobody() throws Exception {
        onlyTheScenario();
        assertThat(site("--fail-on-regression")).isZero();
        assertThat(stdout.toString()).contains(SCENARIO + " ab10-02-versus: no verdict, handicapped (calibration): update:10%")
                .doesNotContain("REGRESSION");
        String trends = Files.readString(out.resolve("trends.html"));
        assertThat(trends).contains("no verdict: disturbed: other processes used", "no verdict: handicapped (calibration): update:10%");
    }

    /**
     * A nightly guard (this build against last night's jar in one run, -Dversus.reference=B) recorded apart: its regression
     * fails the verdict, has a suite of its own in verdict.xml and a row on the trends page; its run page is written.
     */
    @Test
    void aGuardsRegressionJoinsTheNightlyVerdict() throws Exception {
        onlyTheAaRuns();
        Path guards = dir.resolve("guards");
        Path guardRun = guards.resolve(SCENARIO).resolve("guard-7");
        Files.createDirectories(guardRun);
        Path newest;
        try (Stream<Path> runs = Files.list(results.resolve(SCENARIO))) {
            newest = runs.max(Path::compareTo).orElseThrow();
        }
        List<Side> schedule = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            schedule.add(i % 2 == 0 ? Side.A : Side.B);
        }
        List<Change> changes = List.of(
                new Change("ALL", "p50", 3.0, 3.3, 10, 6, 14, 0.0001, true, true, false, 4.5, 0.01, 1.2, true),
                new Change("ALL", "throughput", 2000, 1850, -7.5, -10, -5, 0.001, true, true, false, 4.4, 0.01, 1.1, true),
                new Change("ALL", "p95", 8, 8.1, 1.2, -3, 5, 0.6, false, false, false, 6.1, 0.02, 2.0, true));
        Versus v = new Versus(guardRun.toString(), guardRun + "-versus", 5, 0.05, schedule, null, changes, 2L, 0L, 3, false,
                "measured by the 4 forks themselves", null, Side.A, Side.A, 4, null, List.of("ALL p50", "ALL p95", "ALL throughput"), 2L,
                true, Side.B);
        RunRecord guard = RecordFile.read(newest).withRunId("guard-7").withVersus(v);
        Map<String, String> parameters = new java.util.LinkedHashMap<>(guard.parameters());
        parameters.put("versus.jar", "/history/jars/idbench-1a2b3c4.jar");
        RecordFile.write(guardRun, guard.withParameters(parameters));
        assertThat(site("--guards=" + guards, "--fail-on-regression")).isEqualTo(1);
        assertThat(stdout.toString()).contains("guard " + SCENARIO + " guard-7 (this build against idbench-1a2b3c4.jar, 4 forks of 2"
                + " rounds, a duet): ALL p50 +10.0% [+6.0%, +14.0%]").endsWith("; guards: 1 of 1 regressed against the reference build\n");
        Element suite = null;
        NodeList suites = junit().getElementsByTagName("testsuite");
        for (int i = 0; i < suites.getLength(); i++) {
            if (((Element) suites.item(i)).getAttribute("name").equals("idbench.guard." + SCENARIO)) {
                suite = (Element) suites.item(i);
            }
        }
        assertThat(suite).as("the guard's suite").isNotNull();
        assertThat(suite.getAttribute("tests")).isEqualTo("4");
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        Document trends = Jsoup.parse(out.resolve("trends.html").toFile());
        assertThat(trends.select("#guards").text()).startsWith("Guarded scenarios");
        assertThat(trends.select("tr.regressed").text()).contains("guard-7", "idbench-1a2b3c4.jar", "4 forks of 2 rounds, a duet");
        assertThat(out.resolve(trends.select("tr.regressed a").attr("href"))).exists();
    }

    @Test
    void anInjectedRegressionIsFlaggedWithItsIntervalAndFailsTheNightlyVerdict() throws Exception {
        onlyTheAaRuns();
        laterRun("slower", 1, 2, 0.5);
        assertThat(site("--fail-on-regression")).isEqualTo(1);
        assertThat(stdout.toString()).containsPattern(SCENARIO + " slower: ALL p95 \\+100\\.0% \\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%\\]"
                + " \\(against " + SCENARIO + " [\\w-]+\\)").contains("ALL throughput -50.0%")
                .endsWith("1 of 1 newest runs regressed (worse by at least 5% and significant, or a step in their history)\n");
        JsonNode verdict = Json.mapper().readTree(out.resolve("verdict.json").toFile());
        assertThat(verdict.path("regressed").asBoolean()).isTrue();
        // The same verdict as JUnit XML, read back as Jenkins' junit step reads it.
        Element suites = junit();
        Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("name")).isEqualTo("idbench." + SCENARIO);
        NodeList cases = suite.getElementsByTagName("testcase");
        List<String> failed = new ArrayList<>();
        String p95Failure = null;
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            assertThat(c.getAttribute("classname")).isEqualTo("idbench." + SCENARIO);
            NodeList failure = c.getElementsByTagName("failure");
            if (failure.getLength() > 0) {
                failed.add(c.getAttribute("name"));
                if (c.getAttribute("name").equals("ALL p95")) {
                    p95Failure = ((Element) failure.item(0)).getAttribute("message");
                }
            }
        }
        assertThat(failed).contains("ALL p95", "ALL throughput").hasSize(Integer.parseInt(suites.getAttribute("failures")));
        assertThat(cases.getLength()).as("every figure judged, and the series' verdict").isEqualTo(
                Integer.parseInt(suites.getAttribute("tests"))).isGreaterThan(failed.size());
        assertThat(p95Failure).matches("ALL p95 \\+100\\.0% \\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%\\] \\(against " + SCENARIO
                + " [\\w-]+\\)");
        assertThat(Files.readString(out.resolve("trends.html"))).contains("class=\"regressed");
        assertThat(Jsoup.parse(out.resolve("overview.html").toFile()).text()).contains("Regressions", SCENARIO + " slower",
                "ALL p95 +100 % [+");
        // Without --fail-on-regression the site is still written and the exit is 0; with the repository, last night's commits
        // link to it (an SSH remote as Jenkins' GIT_URL gives it is read as its web address).
        assertThat(site("--repository=git@github.com:idbench/idbench.git")).isZero();
        assertThat(Jsoup.parse(out.resolve("trends.html").toFile()).select("#last-night a[href*=/compare/]").attr("href"))
                .startsWith("https://github.com/idbench/idbench/compare/").contains("...");
    }

    @Test
    void aStepHeldOverSeveralNightsIsFoundInTheHistory() throws Exception {
        onlyTheAaRuns();
        for (int night = 1; night <= 3; night++) {
            // 35 % slower from tonight on: beyond the 25 % this machine's speed drifted over the ten A/A runs, so a step
            // and not a slow night; each night alone is within the run-to-run noise of the newest run's comparison.
            laterRun("step-" + night, night, STEP, 1 / STEP);
        }
        assertThat(site("--fail-on-regression")).isEqualTo(1);
        assertThat(stdout.toString()).contains(SCENARIO + " step-3: step in the history: ").contains("worse").contains("since step-1");
        assertThat(Files.readString(out.resolve("trends.html"))).contains("Steps in this history", "since step-1", "still holds");
    }

    /**
     * Every sentence that states the rule states the tolerance the verdicts applied, on every page: none says 5 % at 3. (A run
     * is unsteady, and an interleaved run's sides differ, by the rules its record applied, whatever the site's tolerance.)
     */
    @Test
    void theToleranceIsTheRuleEveryPageStates() throws Exception {
        Pattern stated = Pattern.compile(
                "(less than|below|least|change of|ran) (\\d+) ?%(?! over the run| and significant \\(Holm, family)|(\\d+) % or more");
        assertThat(site("--tolerance=3")).isZero();
        List<String> rules = new ArrayList<>();
        try (Stream<Path> pages = Files.walk(out)) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".html")).toList()) {
                Matcher m = stated.matcher(Jsoup.parse(Files.readString(page)).text());
                while (m.find()) {
                    rules.add(out.relativize(page) + ": " + m.group());
                }
            }
        }
        assertThat(rules).as("the rules the pages state").isNotEmpty().allSatisfy(r -> assertThat(r).containsPattern("\\b3 ?%"))
                .anySatisfy(r -> assertThat(r).startsWith("index.html: change of 3 %"))
                .anySatisfy(r -> assertThat(r).endsWith("ran 3 %"));
        assertThat(junit().getAttribute("name")).contains("worse by at least 3%");
    }

    @Test
    void anUnchangedRunPasses() throws Exception {
        onlyTheAaRuns();
        laterRun("unchanged", 1, 1, 1);
        assertThat(site("--fail-on-regression")).isZero();
        assertThat(stdout.toString()).doesNotContain("REGRESSION").doesNotContain("regressed (");
        Element suites = junit();
        assertThat(suites.getAttribute("failures")).isEqualTo("0");
        assertThat(suites.getAttribute("skipped")).isEqualTo("0");
        assertThat(Integer.parseInt(suites.getAttribute("tests"))).isEqualTo(suites.getElementsByTagName("testcase").getLength())
                .isGreaterThan(2);
    }

    @Test
    void aCommittedBaselineIsUsedInsteadOfThePreviousRun() throws Exception {
        onlyTheAaRuns();
        // The baseline: the newest run twice as fast, committed as a file, intervals and all.
        Path faster = laterRun("faster", 0, 0.5, 2);
        laterRun("unchanged", 1, 1, 1);
        Path baselines = Files.createDirectories(dir.resolve("baselines"));
        Files.move(faster.resolve("summary.json"), baselines.resolve(SCENARIO + ".json"));
        FileTrees.delete(faster);
        assertThat(site("--baselines=" + baselines, "--fail-on-regression")).isEqualTo(1);
        assertThat(stdout.toString()).contains(SCENARIO + " unchanged: ALL")
                .contains("(against " + baselines.resolve(SCENARIO + ".json") + ")");
    }

    @Test
    void aBaselineWithoutIntervalsJudgesNothing() throws Exception {
        onlyTheAaRuns();
        laterRun("unchanged", 1, 1, 1);
        Path baselines = Files.createDirectories(dir.resolve("baselines"));
        ObjectNode faster = Json.mapper().createObjectNode();
        ObjectNode labels = faster.putObject("labels");
        labels.putObject("ALL").put("p50", 1).put("p95", 1).put("p99", 1).put("throughput", 100_000).put("errorRate", 0);
        Json.mapper().writeValue(baselines.resolve(SCENARIO + ".json").toFile(), faster);
        // A hundredfold slower than the file's bare figures, and still no regression: a bare percentage is no verdict.
        assertThat(site("--baselines=" + baselines, "--fail-on-regression")).isZero();
        assertThat(stdout.toString()).doesNotContain("REGRESSION").contains(SCENARIO + " unchanged: no verdict, not judged: no interval"
                + " recorded on the baseline, and a bare percentage of whole milliseconds is no verdict");
        assertThat(Files.readString(out.resolve("trends.html"))).contains("<p class=\"nothing\">Nothing judged");
    }

    /** The oldest jsonb-nodyn-1k run of the fixture kept its JTL and log: copied with every run's files, not with the newest's only. */
    @Test
    void runFilesCopiesEveryRunsOrOnlyTheNewestRunsFiles() throws Exception {
        Path oldest;
        try (Stream<Path> runs = Files.list(results.resolve(OLDER))) {
            oldest = runs.min(Path::compareTo).orElseThrow();
        }
        Path page = out.resolve("runs").resolve(OLDER).resolve(oldest.getFileName());
        assertThat(site()).isZero();
        assertThat(page.resolve("rep-1/results.csv.gz")).exists();
        assertThat(Files.readString(page.resolve("index.html"))).contains("href=\"rep-1/results.csv.gz\"", "href=\"service.log\"");

        assertThat(site("--run-files=latest")).isZero();
        assertThat(page.resolve("summary.json")).exists();
        assertThat(page.resolve("rep-1")).doesNotExist();
        assertThat(page.resolve("service.log")).doesNotExist();
        assertThat(Files.readString(page.resolve("index.html"))).contains("href=\"summary.json\"").doesNotContain("results.csv.gz");
    }

    @Test
    void badArgumentsAreOneLineAndLeaveTheOutputAlone() throws Exception {
        Files.createDirectories(out);
        Files.writeString(out.resolve("keep.txt"), "kept");
        Path missing = dir.resolve("nowhere");
        assertThat(Idbench.commandLine().execute("site", "--results=" + missing, "--out=" + out)).isEqualTo(2);
        assertThat(bad("--tolerance=-1")).isEqualTo("idbench: tolerance must be at least 0, was -1.0\n");
        assertThat(bad("--baselines=" + missing)).isEqualTo("idbench: the baselines directory " + missing + " does not exist\n");
        assertThat(bad("--results=" + missing)).isEqualTo("idbench: the results directory " + missing + " does not exist\n");
        assertThat(bad("--repository=ftp://example.org/x")).isEqualTo("idbench: the repository must be a web address"
                + " (https://github.com/<owner>/<name>), was 'ftp://example.org/x'\n");
        assertThat(bad("--run-files=some")).isEqualTo("idbench: Invalid value for option '--run-files': expected one of "
                + "[ALL, LATEST, NONE] (case-insensitive) but was 'some' (see idbench site --help)\n");
        assertThat(out.resolve("keep.txt")).hasContent("kept");

        StringWriter err = new StringWriter();
        CommandLine cl = Idbench.commandLine();
        cl.setErr(new PrintWriter(err));
        assertThat(cl.execute("site", "--results=" + results, "--out=" + dir)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: the results directory " + results + " lies inside the output " + dir
                + ", which is replaced whole\n");
        assertThat(results.resolve(SCENARIO)).isDirectory();
    }

    private String bad(String arg) {
        StringWriter err = new StringWriter();
        CommandLine cl = Idbench.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        assertThat(cl.execute("site", "--results=" + results, "--out=" + out, arg)).as(arg).isEqualTo(2);
        return err.toString();
    }

    private JsonNode newestSummary(String scenario) throws Exception {
        try (Stream<Path> runs = Files.list(results.resolve(scenario))) {
            return Json.mapper().readTree(runs.max(Path::compareTo).orElseThrow().resolve("summary.json").toFile());
        }
    }
}
