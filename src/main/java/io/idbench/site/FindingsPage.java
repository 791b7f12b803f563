package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.record.Change;
import io.idbench.results.Answer;
import io.idbench.results.Contrast;
import io.idbench.results.Finding;
import io.idbench.results.Findings;
import io.idbench.results.Gap;
import io.idbench.results.NightlyVerdict;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.RunNoise;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The landing page: the answers first. One table, a row per question ({@link Findings}: JSONB or relational, what a search
 * engine costs and saves, dynamic memberships, how each strategy scales, each product beside the service), each with its
 * answer in a sentence, the ratio it stands on with its interval, its load and its runs, or one line saying why there is no
 * answer yet and what to run; a chart of those ratios; the caveats said once. The findings behind each answer follow,
 * folded, then which strategy for which need, and today's figures against 2018's. A site of one run leads with that run.
 */
final class FindingsPage {
    private FindingsPage() {
    }

    /** One row of the answer table. */
    /** @param setup what to install once before {@code next} can run (OpenLDAP's slapd), or null */
    record Row(String id, String title, String sentence, String ratioName, String ratio, String conditions, String noise,
            List<RecordedRun> runs, List<String> next, String setup, String outcome) {
    }

    /** One finding as a card: its verdict, where and under what it stands, its figures, runs and noise. */
    record Card(String verdict, String where, String conditions, List<String> figures, List<RecordedRun> runs, String noise,
            boolean measurable) {
    }

    /** Why a place of a question has no answer, and what would answer it. */
    record GapLine(String text, List<String> next) {
    }

    /** A question's findings and gaps, folded under its answer. */
    record Section(String id, String title, String sentence, List<Card> cards, List<GapLine> gaps) {
    }

    /** One line of which strategy for which need. */
    record NeedRow(String plan, String size, String load, String code, String fastest, String steadiest, List<RecordedRun> runs) {
    }

    /** @param verdict the newest runs' verdict, said in one line on top */
    static Page build(RunHistory history, Published2018 published, NightlyVerdict verdict, TrendsPage.Night night) {
        Findings findings = Findings.of(history);
        List<Answer> answers = findings.answers();
        List<Row> rows = answers.stream().map(FindingsPage::row).toList();
        List<Section> sections = answers.stream().map(FindingsPage::section).toList();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("rows", rows);
        model.put("forest", Forest.of(answers));
        model.put("sections", sections);
        model.put("needs", needs(findings.needs()));
        model.put("y2018", versus2018(history, published));
        model.put("machines", history.all().stream().map(RecordedRun::machineLabel).distinct().toList());
        model.put("runCount", history.all().size());
        model.put("answered", answers.stream().filter(a -> a.headline() != null).count());
        model.put("defaultNoise", answers.stream().flatMap(a -> a.findings().stream()).anyMatch(f -> !f.contrast().paired()
                && f.contrast().noise().kind() == RunNoise.Kind.DEFAULT));
        model.put("defaultNoisePct", io.idbench.record.Numbers.trim(RunNoise.DEFAULT_PCT));
        model.put("verdict", verdict);
        model.put("night", night);
        RecordedRun newest = history.all().stream().filter(RecordedRun::complete).max(Comparator.comparing(RecordedRun::started))
                .orElse(null);
        model.put("newest", newest);
        model.put("newestLine", newest == null ? "" : RunPage.headline(newest));
        model.put("tableCsv", table(rows));
        // Plan 5: the newest run of each client, store, size and load (a failed audit is a finding), said as its page heads it.
        model.put("provisioning", history.newest(r -> r.record().provisioning() != null, r -> r.load().driven()).stream()
                .map(r -> Map.entry(r, RunPage.headline(r))).toList());
        return new Page("index.html", "findings", "Findings", model, List.of(), List.of(table(rows)));
    }

    private static Row row(Answer a) {
        String title = FindingWords.title(a.question());
        Finding f = a.headline();
        if (f == null) {
            Gap g = a.why();
            String setup = a.question().product() == null ? null : a.question().product().setupScript();
            return new Row(a.question().id(), title, FindingWords.gap(g), null, null, null, null, g.runs(), g.next(), setup, "none");
        }
        double[] r = FindingWords.headlineRatio(f);
        return new Row(a.question().id(), title, FindingWords.sentence(a), FindingWords.ratioName(f),
                r == null ? null : Format.ratio(r[0], r[1], r[2]), FindingWords.conditions(f), FindingWords.noiseShort(f.contrast()),
                f.runs(),
                List.of(), null, outcome(f));
    }

    /** How the headline came out, as a class the page colours by. */
    static String outcome(Finding f) {
        if (f.scaling() != null) {
            Change tp = f.contrast().change(Findings.ALL, "throughput");
            return f.scaling().perTenfold() == null || tp == null || !Contrast.measurable(tp) ? "alike"
                    : f.scaling().perTenfold().value() < 1 ? "worse" : "better";
        }
        return f.outcome().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static Section section(Answer a) {
        List<Card> cards = new ArrayList<>();
        for (Finding f : a.findings()) {
            List<String> figures = new ArrayList<>();
            if (f.scaling() != null) {
                List<Contrast> steps = f.scaling().steps();
                for (int i = 0; i < steps.size(); i++) {
                    Contrast c = steps.get(i);
                    figures.add(ScenarioNames.size(c.reference().users()) + " → " + ScenarioNames.size(c.other().users()) + ": "
                            + String.join("; ", c.changes().stream().map(ch -> FindingWords.figure(c, ch)).toList())
                            + (i == f.scaling().steepest() ? " (the steepest fall)" : ""));
                }
            } else {
                f.contrast().changes().forEach(c -> figures.add(FindingWords.figure(f.contrast(), c)));
            }
            String verdict = f.scaling() != null ? scalingVerdict(f) : FindingWords.verdict(f) + ".";
            cards.add(new Card(verdict, FindingWords.where(f), FindingWords.conditions(f), figures, f.runs(),
                    FindingWords.noise(f.contrast()), f.contrast().anyMeasurable()));
        }
        List<GapLine> gaps = a.gaps().stream().map(g -> new GapLine(FindingWords.gap(g), g.next())).toList();
        return new Section(a.question().id(), FindingWords.title(a.question()), row(a).sentence(), cards, gaps);
    }

    private static String scalingVerdict(Finding f) {
        var tenfold = f.scaling().perTenfold();
        Change tp = f.contrast().change(Findings.ALL, "throughput");
        String from = ScenarioNames.size(f.scaling().sizes().get(0).users());
        String to = ScenarioNames.size(f.scaling().sizes().get(f.scaling().sizes().size() - 1).users());
        return f.contrast().other().series() + " from " + from + " to " + to + ": throughput " + (tp == null ? Format.NONE
                : Format.figure(tp.baseline()) + " → " + Format.figure(tp.run()) + " req/s") + ", "
                + (tenfold == null ? "" : Format.ratio(tenfold.value(), tenfold.low(), tenfold.high()) + " per tenfold more identities")
                + ".";
    }

    private static List<NeedRow> needs(List<Findings.Need> needs) {
        return needs.stream().map(n -> new NeedRow("plan " + n.load().planNumber(), ScenarioNames.size(n.users()), n.load().driven(),
                n.runs().get(0).codeLabel(), best(n.fastest(), n.asFast(), "throughput"), best(n.steadiest(), n.asSteady(), "p95"),
                n.runs())).toList();
    }

    private static String best(RecordedRun best, List<RecordedRun> alike, String figure) {
        String unit = new Contrast.Figure(Findings.ALL, figure).unit();
        return best.axes() + " (" + Format.figure(best.figure(Findings.ALL, figure)) + " " + unit + ")"
                + (alike.isEmpty() ? "" : "; not measurably different: "
                        + String.join(", ", alike.stream().map(RecordedRun::axes).toList()));
    }

    /** One scenario of the 2018 matrix beside its published figures: a distance, not a contest. */
    record Y2018(RecordedRun run, String scenario2018, String edition, String throughput, String p95) {
    }

    /** Every newest trustworthy plan-1 run of a scenario 2018 published, beside 2018's total. */
    private static List<Y2018> versus2018(RunHistory history, Published2018 published) {
        List<Y2018> out = new ArrayList<>();
        List<RecordedRun> runs = history.latestComplete(r -> r.trustworthy() && r.scaleOut().isEmpty() && r.plan() == Plan.DEFAULT);
        published.comparable().forEach((scenario2018, scenario) -> runs.stream().filter(r -> r.scenario().equals(scenario))
                .forEach(run -> published.row(scenario2018, "Total").ifPresent(total -> {
                    double tp = run.figure(Findings.ALL, "throughput");
                    double p95 = run.figure(Findings.ALL, "p95");
                    out.add(new Y2018(run, scenario2018, published.edition(scenario2018),
                            Format.times(tp / total.throughput()) + "x 2018's (" + Format.figure(tp) + " against "
                                    + Format.figure(total.throughput()) + " req/s)",
                            Format.figure(p95) + " against " + Format.figure(total.p95()) + " ms"));
                })));
        return out;
    }

    /** The answer table as numbers: question, answer, ratio and runs. */
    private static Table table(List<Row> rows) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(List.of(r.title(), r.sentence(), r.ratioName() == null ? "" : r.ratioName(), r.ratio() == null ? "" : r.ratio(),
                    r.conditions() == null ? "" : r.conditions(), String.join(" ", r.runs().stream().map(x -> x.scenario() + "/"
                            + x.runId()).toList())));
        }
        return new Table("answers", List.of("question", "answer", "ratio", "ratio [95% interval]", "load and code", "runs"), out);
    }
}
