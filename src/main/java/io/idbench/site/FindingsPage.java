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

    /**
     * One row of the answer table.
     *
     * @param setup   what to install once before {@code next} can run (OpenLDAP's slapd), or null
     * @param caveats what a reader must know before quoting it: older than the code, a run not steady, an implausible curve
     * @param next    the runs that would answer it (a gap), or answer it at the newest code (a stale answer)
     * @param ratios  the headline ratio and its interval as numbers (for the CSV), or null
     */
    record Row(String id, String title, String sentence, String ratioName, String ratio, String conditions, String noise,
            List<RecordedRun> runs, List<String> next, String setup, String outcome, List<String> caveats, String machine,
            double[] ratios) {
    }

    /** One finding as a card: its verdict, where and under what it stands, its figures, runs and noise, its caveats. */
    record Card(String verdict, String where, String conditions, List<String> figures, List<RecordedRun> runs, String noise,
            boolean measurable, List<String> caveats, List<String> next) {
    }

    /** Why a place of a question has no answer, and what would answer it. */
    record GapLine(String text, List<String> next) {
    }

    /** A question's findings and gaps, folded under its answer. */
    record Section(String id, String title, String sentence, List<Card> cards, List<GapLine> gaps) {
    }

    /** One line of which strategy for which need: one machine, code and load ({@code night}: its runs' batch, or ""). */
    record NeedRow(String plan, String size, String load, String code, String night, String fastest, String steadiest,
            List<RecordedRun> runs) {
    }

    /** The lines of one machine: rankings of different machines are never set one above the other. */
    record NeedsOfMachine(String machine, List<NeedRow> rows) {
    }

    /** @param verdict the newest runs' verdict, said in one line on top */
    static Page build(RunHistory history, Findings findings, Published2018 published, NightlyVerdict verdict,
            TrendsPage.Night night) {
        List<Answer> answers = findings.answers();
        // One machine behind every answer is named once, over the table; answers of two machines each name theirs.
        List<String> answeredOn = answers.stream().filter(a -> a.headline() != null).map(a -> a.headline().machine()).distinct()
                .toList();
        boolean perRow = answeredOn.size() > 1;
        List<Row> rows = answers.stream().map(a -> row(a, perRow)).toList();
        List<Section> sections = answers.stream().map(a -> section(a, perRow)).toList();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("rows", rows);
        model.put("forest", Forest.of(answers));
        model.put("answeredOn", perRow || answeredOn.isEmpty() ? null : answeredOn.get(0));
        model.put("sections", sections);
        model.put("needs", needs(findings.needs()));
        model.put("y2018", versus2018(history, published));
        model.put("machines", history.all().stream().map(RecordedRun::machineLabel).distinct().toList());
        model.put("runCount", history.all().size());
        model.put("answered", answers.stream().filter(a -> a.headline() != null).count());
        model.put("defaultNoise", answers.stream().flatMap(a -> a.findings().stream()).anyMatch(f -> !f.contrast().paired()
                && f.contrast().noise().kind() == RunNoise.Kind.DEFAULT));
        model.put("defaultNoisePct", io.idbench.record.Numbers.trim(RunNoise.DEFAULT_PCT));
        model.put("minEffectPct", io.idbench.record.Numbers.trim(findings.minEffectPct()));
        model.put("verdict", verdict);
        model.put("night", night);
        model.put("yours", yours(history));
        model.put("tableCsv", table(rows));
        // Plan 5: the newest run of each client, store, size and load (a failed audit is a finding), said as its page heads it,
        // with what keeps a verdict off it.
        model.put("provisioning", history.newest(r -> r.record().provisioning() != null, r -> r.load().driven()).stream()
                .map(r -> Map.entry(r, RunPage.headline(r) + RunFacts.marks(r))).toList());
        return new Page("index.html", "findings", "Findings", model, List.of(), List.of(table(rows)));
    }

    /** The runs of a site that answers nothing yet (a new user's), the largest dataset first, each in its page's one line. */
    private static List<Map.Entry<RecordedRun, String>> yours(RunHistory history) {
        return history.all().stream().sorted(Comparator.comparingLong(RecordedRun::users).reversed()
                .thenComparing(RecordedRun::started, Comparator.reverseOrder())).limit(YOURS)
                .map(r -> Map.entry(r, RunFacts.brief(r))).toList();
    }

    /** A site of more runs than this leads with its answers alone. */
    static final int YOURS = 12;

    private static Row row(Answer a, boolean withMachine) {
        String title = FindingWords.title(a.question());
        Finding f = a.headline();
        if (f == null) {
            Gap g = a.why();
            String setup = a.question().product() == null ? null : a.question().product().setupScript();
            return new Row(a.question().id(), title, FindingWords.gap(g), null, null, null, null, g.runs(), g.next(), setup, "none",
                    List.of(), g.runs().isEmpty() ? "" : FindingWords.machine(g.runs().get(0)), null);
        }
        double[] r = FindingWords.headlineRatio(f);
        return new Row(a.question().id(), title, FindingWords.sentence(a), FindingWords.ratioName(f),
                r == null ? null : Format.ratio(r[0], r[1], r[2]), FindingWords.conditions(f, withMachine),
                FindingWords.noiseShort(f.contrast()),
                f.runs(), f.refresh(), null, outcome(f), FindingWords.caveatsShort(f), FindingWords.machine(f.contrast().other()), r);
    }

    /** How the headline came out, as a class the page colours by: an implausible curve is no colour's. */
    static String outcome(Finding f) {
        if (f.scaling() != null && f.scaling().implausible()) {
            return "doubt";
        }
        if (f.scaling() != null) {
            Change tp = f.contrast().change(Findings.ALL, "throughput");
            return f.scaling().perTenfold() == null || tp == null || !Contrast.measurable(tp) ? "alike"
                    : f.scaling().perTenfold().value() < 1 ? "worse" : "better";
        }
        return f.outcome().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static Section section(Answer a, boolean withMachine) {
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
            cards.add(new Card(verdict, FindingWords.where(f) + FindingWords.alike(f), FindingWords.conditions(f), figures, f.runs(),
                    FindingWords.noise(f.contrast()), f.contrast().anyMeasurable(), FindingWords.caveats(f), f.refresh()));
        }
        List<GapLine> gaps = a.gaps().stream().map(g -> new GapLine(FindingWords.gap(g), g.next())).toList();
        return new Section(a.question().id(), FindingWords.title(a.question()), row(a, withMachine).sentence(), cards, gaps);
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

    private static List<NeedsOfMachine> needs(List<Findings.Need> needs) {
        Map<String, List<NeedRow>> byMachine = new LinkedHashMap<>();
        for (Findings.Need n : needs) {
            List<String> ids = n.runs().stream().map(RecordedRun::runId).distinct().toList();
            byMachine.computeIfAbsent(n.runs().get(0).machineLabel(), k -> new ArrayList<>()).add(new NeedRow("plan "
                    + n.load().planNumber(), ScenarioNames.size(n.users()), n.load().driven(), n.runs().get(0).codeLabel(),
                    ids.size() == 1 ? ids.get(0) : "", best(n.fastest(), n.asFast(), "throughput"), best(n.steadiest(), n.asSteady(),
                            "p95"),
                    n.runs()));
        }
        return byMachine.entrySet().stream().map(e -> new NeedsOfMachine(e.getKey(), e.getValue())).toList();
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

    /**
     * The answer table for other tools: the ratio, its interval's ends and the outcome as numbers and words of their own,
     * the machine in a column, the caveats, the runs.
     */
    private static Table table(List<Row> rows) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            double[] x = r.ratios();
            out.add(List.of(r.id(), r.title(), r.sentence(), r.ratioName() == null ? "" : r.ratioName(), x == null ? "" : number(x[0]),
                    x == null ? "" : number(x[1]), x == null ? "" : number(x[2]), r.outcome(), r.machine(),
                    r.conditions() == null ? "" : r.conditions(), String.join(" ", r.caveats()), String.join(" ", r.runs().stream()
                            .map(run -> run.scenario() + "/" + run.runId()).toList())));
        }
        return new Table("answers", List.of("question id", "question", "answer", "ratio of", "ratio", "ratio low (95%)",
                "ratio high (95%)", "outcome", "machine", "load and code", "caveats", "runs"), out);
    }

    /** A ratio for a CSV: four significant digits, a dot, no separators. */
    private static String number(double v) {
        return Double.isFinite(v) ? new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString()
                : "";
    }
}
