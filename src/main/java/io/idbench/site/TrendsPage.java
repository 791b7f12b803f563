package io.idbench.site;

import io.idbench.record.Numbers;
import io.idbench.results.Contrast;
import io.idbench.results.LastNight;
import io.idbench.results.NightlyVerdict;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunStatistics;
import io.idbench.results.Trends;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trends page, from {@link Trends}: last night first (its date, the commits since the night before, every figure judged
 * with its interval, the worst first and the improvements too, and the runs no verdict judged, with why), then per series a
 * chart with a chooser of figure (p50, p95, p99, throughput, the system's CPU per request), every operation a line, where a
 * regression is red, the first run of new code a triangle, and a disturbed or handicapped run a grey cross apart from the
 * lines; the series' runs with their verdicts, and its steps.
 */
final class TrendsPage {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEEE d MMMM yyyy", java.util.Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("d MMM HH:mm", java.util.Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    /** The figures a series' chooser offers, with their axis titles. */
    private static final String SYSTEM_CPU = "systemCpuUs";

    /** A figure a trend is drawn for, and its axis's title. */
    record TrendFigure(String figure, String axis) {
    }

    /** The figures, in the chooser's order; the system's CPU per request is drawn for ALL only. */
    static final List<TrendFigure> FIGURES = List.of(new TrendFigure("p95", "p95 (ms)"), new TrendFigure("p99", "p99 (ms)"),
            new TrendFigure("p50", "p50 (ms)"), new TrendFigure("throughput", "throughput (req/s)"),
            new TrendFigure(SYSTEM_CPU, "CPU µs per request, system under test"));

    private TrendsPage() {
    }

    /** Last night as the page and the landing page say it. */
    /**
     * @param steps        the figures that moved beyond the machine's noise between commits where no interval allowed a
     *                     verdict: shown as steps, counted as neither regressions nor improvements
     * @param machineMoves the night's same-code moves beyond the runs' own intervals, each in a sentence: the machine's
     */
    record Night(String date, String span, String batch, String range, String rangeLink, int regressions, int improvements,
            int judged, String why, List<NightRow> rows, List<String> unjudged, List<Holding> holding, List<NightRow> steps,
            List<String> machineMoves) {

        /** The steps of all operations together, one to three a scenario: what the page shows first. */
        public List<NightRow> allSteps() {
            return steps.stream().filter(r -> r.operation().equals(RunStatistics.ALL)).toList();
        }

        /** The steps of single operations, folded under those of all operations together. */
        public List<NightRow> operationSteps() {
            return steps.stream().filter(r -> !r.operation().equals(RunStatistics.ALL)).toList();
        }

        /** How many scenarios moved by a step between commits. */
        public long steppedScenarios() {
            return steps.stream().map(r -> r.run().scenario()).distinct().count();
        }
    }

    /**
     * The steps for the worse that still hold in one scenario's history: since which run, in which commits, all operations'
     * figures first, and every one.
     */
    record Holding(String scenario, String since, String commits, String all, List<String> each) {
    }

    /** One figure judged last night. */
    record NightRow(RecordedRun run, String operation, String figure, String change, String values, String samples, String verdict,
            String css) {
    }

    /** @param repository the repository's web address (GitHub's), for links to the commits; null for none */
    static Night night(LastNight n, String repository) {
        if (n == null) {
            return null;
        }
        String range = range(n.fromCommits(), n.toCommits());
        String link = repository == null || n.fromCommits().size() != 1 || n.toCommits().size() != 1
                || n.fromCommits().equals(n.toCommits()) ? null
                        : repository + "/compare/" + n.fromCommits().get(0) + "..." + n.toCommits().get(0);
        List<NightRow> rows = new ArrayList<>();
        for (LastNight.Row r : n.changes()) {
            var c = r.change();
            String verdict = r.regression() ? "worse"
                    : r.improvement() ? "better" : c.significant() ? "changed, below " + Numbers.trim(n.minEffectPct()) + " %"
                            : "no measurable change";
            rows.add(new NightRow(r.step().run(), c.label(), c.figure(), Format.change(c.changePct(), c.lowPct(), c.highPct()),
                    Format.figure(c.baseline()) + " → " + Format.figure(c.run()), Format.count(r.samplesBefore()) + " → "
                            + Format.count(r.samplesAfter()),
                    verdict, r.regression() ? "regressed" : r.improvement() ? "improved" : ""));
        }
        List<NightRow> steps = new ArrayList<>();
        for (LastNight.Row r : n.betweenCommits()) {
            var c = r.change();
            RecordedRun base = r.step().baselineRun();
            steps.add(new NightRow(r.step().run(), c.label(), c.figure(), FindingWords.ratioWords(c), Format.figure(c.baseline())
                    + " → " + Format.figure(c.run()), Format.count(r.samplesBefore()) + " → " + Format.count(r.samplesAfter()),
                    "a step since " + (base == null ? "its baseline" : base.codeLabel()) + ", not judged: no interval", "step"));
        }
        List<String> unjudged = n.unjudged().stream().map(s -> s.run().scenario() + " " + s.run().runId() + ": "
                + (s.noVerdict() != null ? s.noVerdict() : "a first run, nothing to judge it against")).toList();
        long judged = n.steps().stream().filter(Trends.Step::judgedAgainstBaseline).count();
        String why = judged > 0 ? "" : n.steps().isEmpty() ? "no run" : n.unjudged().size() == 1 ? unjudged.get(0)
                : "none of its " + Format.plural(n.steps().size(), "run") + " had a baseline to judge it by";
        boolean oneDay = DAY.format(n.first()).equals(DAY.format(n.last()));
        String span = n.first().equals(n.last()) ? TIME.format(n.last()) + " UTC"
                : (oneDay ? TIME.format(n.first()) : SHORT.format(n.first())) + "–" + (oneDay ? TIME.format(n.last())
                        : SHORT.format(n.last())) + " UTC";
        Map<String, List<Trends.Shift>> byScenario = new LinkedHashMap<>();
        n.holding().forEach(h -> byScenario.computeIfAbsent(h.at().scenario(), k -> new ArrayList<>()).add(h));
        List<Holding> holding = new ArrayList<>();
        byScenario.forEach((scenario, shifts) -> {
            Trends.Shift first = shifts.get(0);
            String all = String.join(", ", shifts.stream().filter(h -> h.label().equals(RunStatistics.ALL))
                    .map(h -> h.figure() + " " + Format.change(h.changePct())).toList());
            holding.add(new Holding(scenario, first.at().runId(), first.commits(), all, shifts.stream()
                    .map(h -> h.label() + " " + h.figure() + " " + Format.change(h.changePct())).toList()));
        });
        return new Night(DATE.format(n.last()), span, n.batch(), range, link, n.regressions().size(), n.improvements().size(),
                (int) judged, why, rows, unjudged, holding, steps, n.machineMoves().stream().map(TrendsPage::moved).toList());
    }

    /** "jsonb-nodyn-1k nightly-2 against nightly-1, both of code b3df949: throughput −24.6 % [−29.8, −18.9] (1,760 → 1,330 req/s)". */
    static String moved(LastNight.MachineMove m) {
        List<String> figures = m.changes().stream().map(c -> c.figure() + " " + Format.change(c.changePct(), c.lowPct(), c.highPct())
                + " (" + Format.figure(c.baseline()) + " → " + Format.figure(c.run()) + " " + new Contrast.Figure(c.label(), c.figure())
                        .unit()
                + ")").toList();
        return m.after().scenario() + " " + m.after().runId() + " against " + m.before().runId() + ", both of code "
                + m.after().codeLabel() + ": " + String.join(", ", figures);
    }

    /**
     * "f456780..5173e89"; the one code when nothing was judged against another; "since f456780: a9f6162, 13abc82" when the
     * night's runs measured several codes.
     */
    private static String range(List<String> from, List<String> to) {
        List<String> a = from.stream().map(TrendsPage::shortCommit).distinct().toList();
        List<String> b = to.stream().map(TrendsPage::shortCommit).distinct().toList();
        if (a.isEmpty() || a.equals(b)) {
            return String.join(", ", b);
        }
        return a.size() == 1 && b.size() == 1 ? a.get(0) + ".." + b.get(0) : "since " + String.join(", ", a) + ": " + String.join(", ", b);
    }

    private static String shortCommit(String c) {
        return c == null || c.isEmpty() ? "unknown" : c.length() > 7 ? c.substring(0, 7) : c;
    }

    /** One series as the page shows it: the results' series and its chart set (none for a single run). */
    record SeriesView(Trends.Series series, ChartSet charts, String id) {
    }

    static Page build(Trends trends, NightlyVerdict verdict, Night night) {
        Map<String, Object> model = new LinkedHashMap<>();
        List<SeriesView> views = new ArrayList<>();
        List<ChartSet> sets = new ArrayList<>();
        for (Trends.Series s : trends.series()) {
            String id = "trend-" + s.number() + "-" + Chart.slug(s.scenario());
            ChartSet set = s.steps().size() < 2 ? null : charts(id, s);
            views.add(new SeriesView(s, set, id));
            if (set != null) {
                sets.add(set);
            }
        }
        model.put("trends", views.stream().filter(v -> v.charts() != null).toList());
        model.put("single", views.stream().filter(v -> v.charts() == null).toList());
        model.put("verdict", verdict);
        model.put("regressed", regressed(verdict));
        model.put("guards", verdict.guards());
        model.put("night", night);
        return new Page("trends.html", "trends", "Trends", model, List.of(), List.of(), sets);
    }

    private static ChartSet charts(String id, Trends.Series s) {
        Set<String> stepped = new HashSet<>();
        s.changes().stream().filter(c -> c.worse() && !c.machine()).forEach(c -> stepped.add(c.at().runId() + "|" + c.label() + "|"
                + c.figure()));
        List<Chart> charts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (TrendFigure f : FIGURES) {
            Chart c = chart(id + "-" + Chart.slug(f.figure()), s.scenario() + ": " + f.figure(), s.steps(), stepped, f.figure(), f.axis());
            if (c.drawable()) {
                charts.add(c);
                names.add(f.figure());
            }
        }
        return ChartSet.single(id, s.scenario() + " over its runs", "Figure", charts, names);
    }

    private static Chart chart(String id, String title, List<Trends.Step> steps, Set<String> stepped, String figure, String unit) {
        List<RecordedRun> runs = steps.stream().map(Trends.Step::run).toList();
        List<String> labels = figure.equals(SYSTEM_CPU) ? List.of(RunStatistics.ALL) : RecordedRun.operations(runs);
        List<Chart.Series> lines = new ArrayList<>();
        int colour = 0;
        for (String label : labels) {
            List<Chart.Point> points = new ArrayList<>();
            String previousCode = null;
            for (Trends.Step step : steps) {
                RecordedRun r = step.run();
                double v = r.figure(label, figure);
                if (!r.trustworthy() || !Double.isFinite(v)) {
                    continue;
                }
                boolean regressed = step.flagged().contains(label + "|" + figure) || stepped.contains(r.runId() + "|" + label + "|"
                        + figure);
                boolean newCode = previousCode != null && !previousCode.equals(r.code());
                previousCode = r.code();
                points.add(Chart.Point.of(x(r), r, label, figure, regressed ? Chart.Mark.REGRESSED : newCode ? Chart.Mark.CODE : null));
            }
            lines.add(new Chart.Series(label, Chart.colour(label, colour++), false, points));
        }
        List<Chart.Point> untrusted = new ArrayList<>();
        for (Trends.Step step : steps) {
            RecordedRun r = step.run();
            double v = r.figure(RunStatistics.ALL, figure);
            if (!r.trustworthy() && Double.isFinite(v)) {
                untrusted.add(Chart.Point.of(x(r), r, RunStatistics.ALL, figure, Chart.Mark.UNTRUSTED));
            }
        }
        if (!untrusted.isEmpty()) {
            lines.add(new Chart.Series("no verdict: disturbed or handicapped (ALL)", "#767676", false, untrusted, true));
        }
        List<Object> categories = new ArrayList<>();
        steps.forEach(st -> {
            if (Double.isFinite(st.run().figure(RunStatistics.ALL, figure)) && !categories.contains(x(st.run()))) {
                categories.add(x(st.run()));
            }
        });
        return new Chart(id, title, Chart.LINE, new Chart.Axis("run (UTC, commit)", false, false), new Chart.Axis(unit, true, true),
                lines, categories);
    }

    /** A run on the time axis: when it started and what code it measured. */
    private static String x(RecordedRun r) {
        return r.when() + " " + r.codeLabel();
    }

    /**
     * A newest run that regressed, as a reader checks it: when it ran, the commits since its baseline, and each figure worse
     * with its interval, both values and the samples behind each (a p99 of a few hundred samples in whole ms moves by a tick).
     */
    record Regressed(RecordedRun run, String when, String codes, String baseline, String baselinePage, List<String> figures) {
    }

    static List<Regressed> regressed(NightlyVerdict v) {
        List<Regressed> out = new ArrayList<>();
        for (NightlyVerdict.Entry e : v.regressed()) {
            RecordedRun b = e.baselineRun();
            String codes = b == null ? e.run().codeLabel() : b.codeLabel() + ".." + e.run().codeLabel();
            List<String> figures = new ArrayList<>(worse(e.run(), b, e.judged()));
            e.changes().forEach(c -> figures.add("a step in its history: " + c));
            out.add(new Regressed(e.run(), e.run().when() + " UTC", codes, e.baseline(), b == null ? null : b.page(), figures));
        }
        return out;
    }

    /** Each figure of {@code run} judged worse than {@code baseline}'s: the change with its interval, both values, the samples. */
    static List<String> worse(RecordedRun run, RecordedRun baseline, List<NightlyVerdict.Judged> judged) {
        List<String> figures = new ArrayList<>();
        for (NightlyVerdict.Judged j : judged) {
            if (!j.regression()) {
                continue;
            }
            var c = j.change();
            var d = j.delta();
            String unit = new Contrast.Figure(j.label(), j.figure()).unit();
            double before = baseline == null ? Double.NaN : baseline.figure(j.label(), "samples");
            double after = run.figure(j.label(), "samples");
            String samples = Double.isFinite(after) ? (Double.isFinite(before) ? Format.count(before) + " and " : "")
                    + Format.count(after) + " samples" : "samples not recorded";
            if (c != null) {
                figures.add(j.label() + " " + j.figure() + " " + Format.change(c.changePct(), c.lowPct(), c.highPct()) + " ("
                        + Format.figure(c.baseline()) + " → " + Format.figure(c.run()) + " " + unit + "; " + samples + ")");
            } else if (d != null) {
                // Only an error rate regresses without an interval: more errors than the baseline's, whatever their share.
                figures.add(j.label() + " errors " + Format.figure(d.baseline() * 100) + " → " + Format.figure(d.run() * 100) + " % of "
                        + samples + ": more than the baseline's");
            } else {
                figures.add(j.brief());
            }
        }
        return figures;
    }

}
