package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.support.StartsServers;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The site generated from a fixture of real recorded runs (src/test/resources/site-fixture), served
 * over HTTP on loopback and opened in Debian's headless Chromium through ChromeDriver: every page
 * of the site loads without console errors, every chart has drawn data points, every link, script
 * and stylesheet resolves; run pages show their intervals, cost and state (disturbed, handicapped);
 * trends show a step. To the real runs the test adds three copies of the newest A/A run made 35 %
 * slower (an injected step, beyond the 25 % this machine's speed drifted over the A/A runs: the real history has none). Screenshots go to target/site-screenshots.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class SiteBrowserTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");
    static final Path SCREENSHOTS = Path.of("target/site-screenshots");
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** The scenario of the A/A runs (and of the runs beside another build, and of an A/B trial). */
    static final String AA = "jsonb-nodyn-10k";
    /** The injected step: beyond the machine's drift over the A/A runs (see SiteCommandTest). */
    static final double STEP = 1.35;
    /** The scenario of a site of its own: one run, one row per table. */
    static final String ONE = "relational-nodyn-100k";
    /** One night's matrix at one commit on one machine: the site's answers from runs of one code. */
    static final Path NIGHT = Path.of("src/test/resources/night-fixture/results");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private Path site;
    private Javalin server;
    private ChromeDriver browser;
    private String base;

    @BeforeAll
    void generateServeAndOpen() throws Exception {
        installChromiumIfMissing();
        site = Files.createTempDirectory(Path.of("target"), "site-test-");
        Path results = Files.createTempDirectory(Path.of("target"), "site-test-results-");
        FileTrees.copy(FIXTURE, results);
        injectStep(results.resolve(AA));
        new Site().withResults(results).withOutput(site).generate();
        // A site of one scenario beside it: every column of its overview has a single value.
        Path single = Files.createTempDirectory(Path.of("target"), "site-test-one-");
        FileTrees.copy(FIXTURE.resolve(ONE), single.resolve(ONE));
        new Site().withResults(single).withOutput(site.resolve("one-scenario")).generate();
        new Site().withResults(NIGHT).withOutput(site.resolve("night")).generate();
        server = Javalin.create(cfg -> cfg.staticFiles.add(s -> {
            s.directory = site.toAbsolutePath().toString();
            s.location = Location.EXTERNAL;
        })).start("127.0.0.1", 0);
        base = "http://127.0.0.1:" + server.port() + "/";

        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // As root, in a closed network: no sandbox, and none of Chromium's own calls home (machine notes).
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + Files.createTempDirectory("chromium-profile-"), "--window-size=1400,1000");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService driver = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .build();
        browser = new ChromeDriver(driver, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /** Three nights after the newest A/A run, three new commits, the same run 35 % slower on every latency and throughput: a step. */
    private static void injectStep(Path scenario) throws IOException {
        Path newest;
        try (var runs = Files.list(scenario)) {
            newest = runs.filter(r -> r.getFileName().toString().startsWith("aa-")).max(Path::compareTo).orElseThrow();
        }
        for (int night = 1; night <= 3; night++) {
            var summary = (ObjectNode) Json.mapper()
                    .readTree(newest.resolve("summary.json").toFile());
            String runId = "injected-step-" + night;
            summary.put("runId", runId).put("started", Instant.parse(summary.path("started").asText())
                    .plusSeconds(86_400L * (night + 1)).toString());
            // Each night a commit of its own: a step among runs of one commit would be the machine's.
            ((ObjectNode) summary.path("environment")).put("gitCommit", String.format("%08x", runId.hashCode()).repeat(5))
                    .put("gitDirty", false);
            summary.path("labels").forEach(l -> slower((ObjectNode) l));
            summary.path("intervals").forEach(label -> label.fields().forEachRemaining(f -> {
                var i = (ObjectNode) f.getValue();
                double factor = f.getKey().equals("throughput") ? 1 / STEP : STEP;
                for (String bound : List.of("value", "low", "high")) {
                    i.put(bound, i.path(bound).asDouble() * factor);
                }
            }));
            Files.createDirectories(scenario.resolve(runId));
            Json.mapper().writeValue(scenario.resolve(runId).resolve("summary.json").toFile(), summary);
        }
    }

    private static void slower(ObjectNode label) {
        for (String f : List.of("mean", "p50", "p95", "p99", "serverP50", "serverP95")) {
            if (label.path(f).isNumber()) {
                label.put(f, label.path(f).asDouble() * STEP);
            }
        }
        label.put("throughput", label.path("throughput").asDouble() / STEP);
    }

    /** scripts/install-chromium.sh, as .ci/run does: a no-op where Chromium and its driver are installed. */
    private static void installChromiumIfMissing() throws Exception {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        Process p = new ProcessBuilder("scripts/install-chromium.sh").inheritIO().start();
        assertThat(p.waitFor()).as("scripts/install-chromium.sh (needs root and apt) failed: the site test needs Debian's chromium "
                + "and chromium-driver").isZero();
    }

    @AfterAll
    void close() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void everyPageLoadsWithoutConsoleErrorsDrawsItsChartsAndLinksOnlyToWhatExists() throws Exception {
        Deque<String> toVisit = new ArrayDeque<>();
        Site.NAVIGATION.forEach(n -> toVisit.add(base + n.get("file")));
        Set<String> visited = new LinkedHashSet<>();
        Set<String> checked = new LinkedHashSet<>();
        int charts = 0;
        while (!toVisit.isEmpty()) {
            String url = toVisit.poll();
            if (!visited.add(url)) {
                continue;
            }
            browser.get(url);
            drawEveryChart();
            assertThat(browser.getTitle()).as(url).endsWith("· idbench");
            List<LogEntry> problems = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertThat(problems).as("console of " + url).isEmpty();
            charts += assertChartsDrawn(url);
            for (String link : references()) {
                String target = link.replaceFirst("#.*$", "");
                if (checked.add(target)) {
                    assertThat(status(target)).as(url + " links to " + target).isEqualTo(200);
                }
                if (target.startsWith(base) && target.endsWith(".html") && !target.contains("/dashboard/")) {
                    toVisit.add(target);
                }
            }
        }
        assertThat(visited).as("pages visited").contains(base + "index.html", base + "scaling.html", base + "trends.html")
                .anyMatch(u -> u.contains("/runs/"));
        assertThat(charts).as("charts drawn on all pages").isGreaterThan(20);
    }

    @Test
    void theOverviewLinksEveryScenarioOfTheFixtureToItsRun() {
        browser.get(base + "overview.html");
        @SuppressWarnings("unchecked")
        List<String> rows = (List<String>) js("return Array.from(document.querySelectorAll('table.matrix tbody th a'))"
                + ".map(a => a.textContent)");
        assertThat(rows).contains("jsonb-nodyn-1k", "relational-nodyn-1k", "jsonb-nodyn-10k", "jsonb-nodyn-100k");
        Object coloured = js("return document.querySelectorAll('table.matrix td .v[style*=\"hsl\"]').length");
        assertThat(((Number) coloured).intValue()).as("colour-scaled cells").isGreaterThan(20);
    }

    @Test
    void aRunPageShowsItsFiguresWithIntervalsItsCostAndItsWarmUp() {
        browser.get(base + "runs/" + AA + "/aa-01/index.html");
        @SuppressWarnings("unchecked")
        List<String> intervals = (List<String>) js(
                "return Array.from(document.querySelectorAll('table.stats td.ci')).map(t => t.textContent)");
        assertThat(intervals).hasSizeGreaterThan(40).allMatch(t -> t.equals("–") || t.matches("[0-9.,]+ \\[[0-9.,]+, [0-9.,]+\\]"));
        String text = browser.findElement(By.tagName("main")).getText();
        assertThat(text).contains("Figures over all repetitions, with 95% intervals", "two-stage bootstrap", "Cost per request",
                "systemUnderTest", "postgresql", "jmeter", "others", "Warm-up of repetition 1");
        assertThat(drawnChartIds()).anyMatch(id -> id.endsWith("-cost")).anyMatch(id -> id.endsWith("-warmup"));
    }

    @Test
    void disturbedAndHandicappedRunsSaySoWhereverTheyAppear() {
        browser.get(base + "runs.html");
        assertThat(count(".badge.disturbed")).as("runs beside another build").isPositive();
        assertThat(count(".badge.handicap")).as("the handicapped side of an A/B trial").isPositive();
        browser.get(base + "runs/" + AA + "/load-01/index.html");
        assertThat(browser.findElement(By.cssSelector(".banner.disturbed")).getText())
                .startsWith("DISTURBED — left out of every verdict.").contains("other processes used");
        browser.get(base + "runs/" + AA + "/ab10-01-versus/index.html");
        assertThat(browser.findElement(By.cssSelector(".banner.handicap")).getText())
                .startsWith("HANDICAPPED — a calibration run, not a measurement.").contains("update:10%");
        assertThat(browser.findElement(By.tagName("main")).getText()).contains("Interleaved comparison", "side B");
        browser.get(base + "trends.html");
        assertThat(count("tr.untrusted")).as("trends show disturbed and handicapped runs without a verdict").isPositive();
    }

    @Test
    void trendsOpenWithLastNightAndTheInjectedStepThatStillHolds() {
        browser.get(base + "trends.html");
        assertThat(browser.findElement(By.cssSelector("main h2")).getText()).startsWith("Last night: ");
        String night = browser.findElement(By.id("last-night")).getText();
        assertThat(night).contains("A step for the worse in the history still holds", "worse since injected-step-1",
                "(all operations: p50 +");
        @SuppressWarnings("unchecked")
        List<String> steps = (List<String>) js("return Array.from(document.querySelectorAll('ul.steps li.worse')).map(l => l.textContent)");
        assertThat(steps).isNotEmpty().allMatch(t -> t.contains("since injected-step-1"));
        assertThat(browser.findElement(By.cssSelector("#verdict + p")).getText()).contains("regressed");
        browser.get(base + "night/trends.html");
        assertThat(browser.findElement(By.cssSelector("main h2")).getText()).startsWith("Last night: Saturday 28 November 2026")
                .endsWith("nightly-2");
        assertThat(browser.findElement(By.id("last-night")).getText()).contains("No verdict last night",
                "had a baseline to judge it by", "code b3df949", "The machine moved");
    }

    @Test
    void theLandingPageShowsItsAnswersInTheFirstScreen() {
        browser.manage().window().setSize(new Dimension(1400, 900));
        try {
            for (String page : List.of("index.html", "night/index.html")) {
                browser.get(base + page);
                long bottom = ((Number) js("const r = document.querySelector('table.answers').getBoundingClientRect();"
                        + " return r.bottom + window.scrollY")).longValue();
                assertThat(bottom).as(page + ": the answer table's bottom, in px from the top").isLessThanOrEqualTo(900);
                assertThat(count("table.answers tbody tr")).as(page).isEqualTo(6);
                assertThat(count("details.question[open]")).as(page + ": the findings behind the answers start folded").isZero();
            }
            assertThat(count("figure.forest .forest-line")).as("the night's answers drawn with their intervals").isGreaterThan(2);
        } finally {
            browser.manage().window().setSize(new Dimension(1400, 1000));
        }
    }

    @Test
    void aOneRunSiteLeadsWithItsRunAndWhatToRunNext() {
        browser.get(base + "one-scenario/index.html");
        assertThat(browser.findElement(By.cssSelector(".start")).getText()).contains(ONE, "req/s", "p95");
        assertThat(count("table.answers code.cmd")).as("a command per unanswered question").isGreaterThanOrEqualTo(6);
        browser.get(base + "one-scenario/scaling.html");
        assertThat(count("canvas")).as("no chart of a single point").isZero();
        browser.get(base + "one-scenario/runs.html");
        assertThat(browser.findElement(By.cssSelector(".lead")).getText()).startsWith("1 recorded run,");
    }

    @Test
    void atPhoneWidthNoTableCellIsNarrowerThanItsWords() {
        browser.manage().window().setSize(new Dimension(390, 1000));
        try {
            for (String page : List.of("index", "overview", "runs", "trends", "night/index", "runs/" + AA + "/aa-01/index")) {
                browser.get(base + page + ".html");
                js("document.querySelectorAll('details').forEach(d => d.open = true)");
                @SuppressWarnings("unchecked")
                List<String> squeezed = (List<String>) js("return Array.from(document.querySelectorAll('td, th'))"
                        + ".filter(c => c.offsetParent !== null && c.scrollWidth > c.clientWidth + 1)"
                        + ".map(c => c.textContent.trim().slice(0, 40))");
                assertThat(squeezed).as(page + " at 390 px: cells whose words do not fit").isEmpty();
                // A word (a number, a date, an id, a commit) broken over two lines has two boxes.
                @SuppressWarnings("unchecked")
                List<String> broken = (List<String>) js("""
                        const out = [];
                        for (const cell of document.querySelectorAll('td, th')) {
                          if (cell.offsetParent === null) continue;
                          const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                            const re = /\\S+/g;
                            let m;
                            while ((m = re.exec(n.data)) !== null) {
                              const r = document.createRange();
                              r.setStart(n, m.index);
                              r.setEnd(n, m.index + m[0].length);
                              const lines = new Set(Array.from(r.getClientRects()).filter(b => b.width > 0).map(b => Math.round(b.top)));
                              if (lines.size > 1) out.push(m[0]);
                            }
                          }
                        }
                        return out.slice(0, 20);""");
                assertThat(broken).as(page + " at 390 px: words broken over two lines").isEmpty();
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1400, 1000));
        }
    }

    @Test
    void chartsAreDrawnAsTheyScrollIntoViewAndEveryLineOfALegendIsDrawn() {
        browser.get(base + "scaling.html");
        assertThat(count("figure[data-set]")).as("the scaling page: one chart with a chooser").isEqualTo(1);
        browser.get(base + "trends.html");
        long sets = count("figure[data-set]");
        assertThat(sets).as("a chart per series of the trends").isGreaterThan(4);
        assertThat(drawnCount()).as("charts drawn at load, before any scrolling").isLessThan(sets);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        Object last = ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const all = document.querySelectorAll('canvas[data-set-canvas]');
                const last = all[all.length - 1];
                last.scrollIntoView();
                const wait = () => window.Chart && Chart.getChart(last) ? done(last.dataset.setCanvas) : requestAnimationFrame(wait);
                wait();""");
        assertThat(last).as("the last chart, once scrolled to").isNotNull();
        int most = 0;
        for (String page : List.of("scaling", "studies", "versus-2018", "trends", "night/scaling")) {
            browser.get(base + page + ".html");
            drawEveryChart();
            @SuppressWarnings("unchecked")
            List<List<Number>> shown = (List<List<Number>>) js("return Array.from(document.querySelectorAll('canvas'))"
                    + ".map(c => Chart.getChart(c)).filter(ch => ch).map(ch => [ch.data.datasets.length,"
                    + " ch.data.datasets.filter((d, i) => ch.isDatasetVisible(i)).length])");
            for (List<Number> chart : shown) {
                assertThat(chart.get(1)).as(page + ": every series in a legend is drawn").isEqualTo(chart.get(0));
                most = Math.max(most, chart.get(0).intValue());
            }
        }
        assertThat(most).as("lines in the fullest chart").isLessThanOrEqualTo(8);
    }

    @Test
    void aChartsChooserDrawsTheViewItNames() {
        browser.get(base + "night/scaling.html");
        drawEveryChart();
        String first = (String) js("return Chart.getChart(document.querySelector('canvas[data-set-canvas]')).options.scales.y.title.text");
        js("const s = document.querySelector('select[data-set-choice]'); s.value = '1';"
                + " s.dispatchEvent(new Event('change', {bubbles: true}))");
        String second = (String) js("return Chart.getChart(document.querySelector('canvas[data-set-canvas]')).options.scales.y.title.text");
        assertThat(first).isEqualTo("req/s");
        assertThat(second).isEqualTo("p95 (ms)");
    }

    @Test
    void theFindingsAnswerInSentencesWithIntervalsLoadsAndLinks() {
        browser.get(base + "night/index.html");
        js("document.querySelectorAll('details').forEach(d => d.open = true)");
        @SuppressWarnings("unchecked")
        List<String> findings = (List<String>) js("return Array.from(document.querySelectorAll('article.finding')).map(a => a.innerText)");
        assertThat(findings).hasSizeGreaterThan(5).allMatch(f -> f.contains("Runs: ")).allMatch(f -> f.contains("loops"))
                .allMatch(f -> f.contains("noise"));
        assertThat(findings).anyMatch(f -> f.matches("(?s).*\\d\\.\\d\\dx \\[\\d.*"));
        assertThat(count("article.finding a[href^=runs]")).as("links to the runs behind the answers").isGreaterThan(10);
    }

    private long drawnCount() {
        return ((Number) js("return window.Chart ? Array.from(document.querySelectorAll('canvas')).filter(c => Chart.getChart(c))"
                + ".length : 0")).longValue();
    }

    @Test
    void aCompareViewIsKeptInTheAddressAndComesBackAfterAReload() {
        browser.get(base + "compare.html");
        List<String> everything = barNames();
        assertThat(everything).as("bars of the default view").isNotEmpty().anyMatch(n -> n.startsWith("relational"));
        js("document.querySelector('[data-dim=storage] input[value=relational]').click()");
        js("const s = document.querySelector('select[name=figure]'); s.value = 'p95';"
                + " s.dispatchEvent(new Event('change', {bubbles: true}))");
        String url = browser.getCurrentUrl();
        List<String> chosen = barNames();
        assertThat(url).contains("no-storage=relational", "figure=p95");
        assertThat(chosen).isNotEmpty().noneMatch(n -> n.startsWith("relational")).hasSizeLessThan(everything.size());
        assertThat(barValues()).allMatch(v -> v.matches("×\\d+\\.\\d\\d .* ms"));
        browser.get(base + "index.html");
        browser.get(url);
        browser.navigate().refresh();
        assertThat(barNames()).as("the view after a reload of " + url).isEqualTo(chosen);
        assertThat(js("return document.querySelector('select[name=figure]').value")).isEqualTo("p95");
        assertThat(js("return document.querySelector('[data-dim=storage] input[value=relational]').checked")).isEqualTo(false);
    }

    @SuppressWarnings("unchecked")
    private List<String> barNames() {
        return (List<String>) js("return Array.from(document.querySelectorAll('ol.bar-list .bar-name')).map(a => a.textContent)");
    }

    @SuppressWarnings("unchecked")
    private List<String> barValues() {
        return (List<String>) js("return Array.from(document.querySelectorAll('ol.bar-list .bar-value')).map(a => a.textContent)");
    }

    @Test
    void aColumnOfOneValueIsNotColoured() {
        browser.get(base + "one-scenario/overview.html");
        Object lonely = js(
                "return Array.from(document.querySelectorAll('table.matrix')).filter(t => t.querySelectorAll('tbody tr').length == 1)"
                        + ".map(t => t.querySelectorAll('td .v[style*=\"hsl\"]').length)");
        assertThat((List<?>) lonely).as("tables of one scenario").isNotEmpty().allMatch(n -> ((Number) n).intValue() == 0);
    }

    private int count(String css) {
        return ((Number) js("return document.querySelectorAll('" + css + "').length")).intValue();
    }

    /**
     * Charts are drawn as they scroll into view, Chart.js fetched with the first; a page about to be printed draws them all:
     * this waits until every chart shown has been drawn (or 20 s).
     */
    private void drawEveryChart() {
        js("window.dispatchEvent(new Event('beforeprint'))");
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const drawn = () => !document.querySelector('canvas') || (window.Chart
                    && Array.from(document.querySelectorAll('canvas')).filter(c => !c.hidden).every(c => Chart.getChart(c)));
                const wait = () => drawn() ? done(true) : setTimeout(wait, 50);
                wait();""");
    }

    @SuppressWarnings("unchecked")
    private List<String> drawnChartIds() {
        drawEveryChart();
        return (List<String>) js("return Array.from(document.querySelectorAll('canvas')).filter(c => Chart.getChart(c))"
                + ".map(c => c.dataset.chart || c.dataset.setCanvas)");
    }

    @Test
    void screenshotsOfEachPageTypeAtDesktopAndPhoneWidthsWithoutSidewaysScrolling() throws IOException {
        Files.createDirectories(SCREENSHOTS);
        try {
            for (int width : new int[] {1400, 390}) {
                for (String page : List.of("index", "overview", "compare", "scaling", "trends", "runs", "runs/" + AA + "/aa-01/index",
                        "night/index", "night/trends", "night/scaling", "one-scenario/index")) {
                    browser.manage().window().setSize(new Dimension(width, 1000));
                    browser.get(base + page + ".html");
                    drawEveryChart();
                    long overflow = ((Number) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth"))
                            .longValue();
                    assertThat(overflow).as(page + " at " + width + " px: scrolls sideways by").isLessThanOrEqualTo(0);
                    long height = ((Number) js("return document.documentElement.scrollHeight")).longValue();
                    browser.manage().window().setSize(new Dimension(width, (int) Math.min(height, 8000)));
                    String name = page.equals("index") ? "findings" : page.startsWith("runs/") ? "run" : page.replace('/', '-');
                    Path shot = SCREENSHOTS.resolve(name + "-" + width + ".png");
                    Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
                    assertThat(Files.size(shot)).as(shot.toString()).isGreaterThan(10_000);
                }
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1400, 1000));
        }
    }

    /** Every chart of the page: a Chart.js chart exists on its canvas, with finite, placed points. @return how many */
    private int assertChartsDrawn(String url) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> drawn = (List<Map<String, Object>>) js("""
                return Array.from(document.querySelectorAll('canvas')).filter(c => !c.hidden).map(c => {
                  const chart = Chart.getChart(c);
                  let points = 0;
                  if (chart) chart.data.datasets.forEach((d, i) => chart.getDatasetMeta(i).data
                      .forEach(e => { if (Number.isFinite(e.x) && Number.isFinite(e.y)) points++; }));
                  return {id: c.dataset.chart || c.dataset.setCanvas, drawn: !!chart, points: points, width: c.width};
                });""");
        for (Map<String, Object> c : drawn) {
            assertThat(c.get("drawn")).as(url + " chart " + c.get("id")).isEqualTo(true);
            assertThat(((Number) c.get("points")).intValue()).as(url + " chart " + c.get("id") + " data points").isPositive();
            assertThat(((Number) c.get("width")).intValue()).as(url + " chart " + c.get("id") + " width").isPositive();
        }
        return drawn.size();
    }

    @SuppressWarnings("unchecked")
    private List<String> references() {
        return new ArrayList<>((List<String>) js("return [...document.querySelectorAll('a[href]')].map(a => a.href)"
                + ".concat([...document.querySelectorAll('script[src]')].map(s => s.src))"
                + ".concat([...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.href))"));
    }

    private Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private int status(String url) throws IOException, InterruptedException {
        assertThat(url).as("links stay on the site").startsWith(base);
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
