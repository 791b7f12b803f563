package io.idbench.site;

import io.idbench.common.FileTrees;
import io.idbench.common.ProcessLock;
import io.idbench.config.ConfigException;
import io.idbench.record.BetweenRuns;
import io.idbench.results.BetweenRunIntervals;
import io.idbench.results.Findings;
import io.idbench.results.GuardVerdict;
import io.idbench.results.LastNight;
import io.idbench.results.NightlyVerdict;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.Trends;
import io.idbench.results.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The results site: every page from every recorded run, written into an emptied output directory.
 * Settings follow the fluent style of the rest of the suite; {@link #generate()} validates them.
 */
public final class Site {
    /** Where {@code idbench site} and the Maven build write the site. */
    public static final Path DEFAULT_OUTPUT = Path.of("target/site");
    /** How much worse than its baseline a trend's figure may be before it is flagged, in %: as {@code idbench compare}. */
    public static final double DEFAULT_TOLERANCE = io.idbench.results.Verdict.DEFAULT_MIN_EFFECT;
    /** The pages of the navigation bar, in order: file and title. */
    static final List<Map<String, String>> NAVIGATION = List.of(nav("index.html", "Findings"), nav("overview.html", "Overview"),
            nav("compare.html", "Compare"), nav("scaling.html", "Scaling"),
            nav("versus-2018.html", "Versus 2018"), nav("trends.html", "Trends"), nav("studies.html", "Studies"),
            nav("runs.html", "All runs"));

    /**
     * Which runs bring their files (JTLs, JMeter dashboards, service log) into the site beside their
     * page: a dashboard weighs about 3.5 MB, so a long history publishes only the newest runs' files.
     * Every run keeps its page and its summary.json.
     */
    public enum RunFiles {
        /** Every run's files. */
        ALL,
        /** The files of the newest run of each scenario (on each machine), and of its newest complete run. */
        LATEST,
        /** No run's files: pages and summaries only. */
        NONE
    }

    /** How long a site waits for another idbench writing the same output: far longer than any site takes. */
    static final Duration WRITER_WAIT = Duration.ofMinutes(10);

    private final List<Path> results = new ArrayList<>();
    private RunFiles runFiles = RunFiles.ALL;
    private Path output = DEFAULT_OUTPUT;
    private double tolerancePct = DEFAULT_TOLERANCE;
    private Path baselines;
    private Path guards;
    private String repository;
    private PrintStream progress = new PrintStream(PrintStream.nullOutputStream());

    public Site withResults(Path directory) {
        results.add(directory);
        return this;
    }

    public Site withOutput(Path directory) {
        output = directory;
        return this;
    }

    public Site withTolerance(double percent) {
        tolerancePct = percent;
        return this;
    }

    /** A directory of committed baselines, {@code <scenario>.json}: trends compare against them instead of the previous run. */
    public Site withBaselines(Path directory) {
        baselines = directory;
        return this;
    }

    /**
     * Where the nightly guards are recorded (this build against last night's, with forks: {@code -Dversus.reference=B}), apart
     * from the trend series; their newest verdict joins the nightly one and the trends page. A directory not made yet: none.
     */
    public Site withGuards(Path directory) {
        guards = directory;
        return this;
    }

    /**
     * The repository's web address ({@code https://github.com/<owner>/<name>}): commits and the range since the night before
     * link to it. Without one they are named, not linked.
     */
    public Site withRepository(String url) {
        repository = url == null || url.isBlank() ? null
                : url.strip().replaceFirst("^git@([^:/]+):", "https://$1/").replaceFirst("\\.git$", "").replaceFirst("/+$", "");
        return this;
    }

    public Site withRunFiles(RunFiles which) {
        runFiles = which;
        return this;
    }

    public Site withProgress(PrintStream out) {
        progress = out;
        return this;
    }

    /** Writes the site and returns the verdict of the newest runs. */
    public NightlyVerdict generate() throws IOException {
        if (results.isEmpty()) {
            throw new ConfigException("no results directory given");
        }
        if (!(tolerancePct >= 0)) {
            throw new ConfigException("tolerance must be at least 0, was " + tolerancePct);
        }
        if (repository != null && !repository.matches("https?://[^\\s\"<>]+")) {
            throw new ConfigException("the repository must be a web address (https://github.com/<owner>/<name>), was '" + repository
                    + "'");
        }
        if (baselines != null && !Files.isDirectory(baselines)) {
            throw new ConfigException("the baselines directory " + baselines + " does not exist");
        }
        for (Path r : results) {
            if (r.toAbsolutePath().normalize().startsWith(output.toAbsolutePath().normalize())) {
                throw new ConfigException("the results directory " + r + " lies inside the output " + output + ", which is replaced whole");
            }
        }
        String name = output.toAbsolutePath().normalize().getFileName().toString();
        Path lockFile = output.toAbsolutePath().normalize().resolveSibling("." + name + ".lock");
        try (ProcessLock lock = ProcessLock.acquire(lockFile, WRITER_WAIT, holder -> progress.println("[site] " + output
                + " is being written by another idbench (" + holder + "): waiting up to " + WRITER_WAIT.toSeconds() + " s"))) {
            removeLeftovers(output.toAbsolutePath().normalize());
            Path staging = output.toAbsolutePath().normalize().resolveSibling("." + name + ".staging-" + ProcessHandle.current().pid());
            NightlyVerdict verdict = write(staging);
            swap(staging, output.toAbsolutePath().normalize());
            progress.println("[site] written: " + output.resolve("index.html"));
            return verdict;
        } catch (ProcessLock.Busy e) {
            throw new IllegalStateException("the site " + output + " is still being written by another idbench (" + e.holder()
                    + ") after " + WRITER_WAIT.toSeconds() + " s", e);
        }
    }

    /** What a site writer killed half-way left beside the output (its staging or the old site): with the lock held, stale. */
    private static void removeLeftovers(Path output) throws IOException {
        String prefix = "." + output.getFileName() + ".";
        try (Stream<Path> siblings = Files.list(output.getParent())) {
            for (Path p : siblings.filter(p -> p.getFileName().toString().startsWith(prefix + "staging-")
                    || p.getFileName().toString().startsWith(prefix + "old-")).toList()) {
                FileTrees.delete(p);
            }
        }
    }

    /**
     * Puts the complete site in place of the old one by two renames, so that a reader (a browser, Jenkins' HTML publisher)
     * finds the one or the other whole, never half of each.
     */
    private static void swap(Path staging, Path output) throws IOException {
        Path old = output.resolveSibling("." + output.getFileName() + ".old-" + ProcessHandle.current().pid());
        FileTrees.delete(old);
        if (Files.exists(output)) {
            Files.move(output, old, StandardCopyOption.ATOMIC_MOVE);
        }
        Files.move(staging, output, StandardCopyOption.ATOMIC_MOVE);
        FileTrees.delete(old);
    }

    /** Writes the whole site into {@code into}, emptied first. */
    private NightlyVerdict write(Path into) throws IOException {
        RunHistory history = RunHistory.load(results);
        history.skipped().forEach(s -> progress.println("[site] skipped unreadable run " + s));
        progress.println("[site] " + history.all().size() + " runs from " + results + " -> " + output);
        FileTrees.empty(into);
        SiteWriter writer = new SiteWriter(into, NAVIGATION);
        writer.copyAssets();
        Trends trends = Trends.compute(history, tolerancePct, baselines);
        RunHistory guarded = guards != null && Files.isDirectory(guards) ? RunHistory.load(List.of(guards)) : RunHistory.of(List.of());
        NightlyVerdict verdict = trends.verdict().withGuards(GuardVerdict.newest(guarded));
        TrendsPage.Night night = TrendsPage.night(LastNight.of(history, trends), repository);
        Published2018 published = Published2018.load();
        writer.write(OverviewPage.build(history, verdict));
        Findings findings = Findings.of(history, new Verdict(tolerancePct, Verdict.DEFAULT_ALPHA));
        writer.write(FindingsPage.build(history, findings, published, verdict, night));
        writer.write(ScalingPage.build(history, findings));
        writer.write(Versus2018Page.build(history, published));
        writer.write(TrendsPage.build(trends, verdict, night));
        writer.write(StudiesPage.build(history));
        writer.write(RunsPage.build(history));
        writer.write(ComparePage.build(history, r -> betweenRuns(r, history.all())));
        Set<RecordedRun> withFiles = switch (runFiles) {
            case ALL -> new HashSet<>(history.all());
            case LATEST -> new HashSet<>(history.latest());
            case NONE -> Set.of();
        };
        Map<RecordedRun, Trends.Step> steps = new HashMap<>();
        trends.series().forEach(s -> s.steps().forEach(st -> steps.put(st.run(), st)));
        int n = 0;
        for (RecordedRun run : history.all()) {
            writer.write(RunPage.build(run, betweenRuns(run, history.all()), steps.get(run), into, withFiles.contains(run),
                    verdict.minEffectPct()));
            if (++n % 25 == 0) {
                progress.println("[site] " + n + " of " + history.all().size() + " run pages");
            }
        }
        // The guards' own pages: both sides of each (they are no nights of a series).
        for (RecordedRun run : guarded.all()) {
            writer.write(RunPage.build(run, betweenRuns(run, guarded.all()), null, into, runFiles != RunFiles.NONE,
                    verdict.minEffectPct()));
        }
        VerdictFiles.write(verdict, into);
        return verdict;
    }

    /**
     * The run's intervals for setting it beside a separate run: its own with the run-to-run noise measured on its machine
     * among runs of one code ({@link io.idbench.results.RunNoise#sameCode}) over the whole history, which a record's own
     * (from the runs beside it when it was recorded) may not have had; as recorded for a run without intervals.
     */
    private static BetweenRuns betweenRuns(RecordedRun run, List<RecordedRun> history) {
        if (run.record().intervals().isEmpty()) {
            return run.record().betweenRuns();
        }
        return BetweenRunIntervals.of(run.record(), io.idbench.results.RunNoise.sameCode(history.stream().map(RecordedRun::record)
                .toList(), run.record(), run.record()));
    }

    private static Map<String, String> nav(String file, String title) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("file", file);
        m.put("title", title);
        return m;
    }
}
