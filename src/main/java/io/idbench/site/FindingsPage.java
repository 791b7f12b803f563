package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.record.Change;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import io.idbench.site.Contrast.Figure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What the recorded runs found, in sentences: each answer sets two comparable runs side by side (the same machine, the same
 * load and plan, differing only in what is asked about), names their figures as ratios with 95 % intervals between separate
 * runs ({@link Contrast}), links both runs, and says "no measurable difference" where there is none. The questions are the
 * ones idbench exists for: JSONB or relational, what a search engine adds and saves, what dynamic memberships cost, how each
 * strategy scales, how a product compares, and how far 2018's figures were. A short table closes: which strategy for which
 * need. Only the newest trustworthy run of each scenario counts (complete, undisturbed, no handicap, no scale-out).
 */
final class FindingsPage {
    static final String ALL = RunStatistics.ALL;
    /** The figures an answer about a whole workload gives. */
    static final List<Figure> HEADLINE = List.of(new Figure(ALL, "throughput"), new Figure(ALL, "p50"), new Figure(ALL, "p95"));

    private FindingsPage() {
    }

    /**
     * One answer: what was compared ({@code lead}), what it comes to ({@code conclusion}), each figure, and the runs behind it.
     *
     * @param basis what the intervals hold: the run-to-run noise's source, and whether a run had no interval of its own
     */
    record Finding(String lead, String conclusion, List<String> figures, List<RecordedRun> runs, String basis, boolean measurable,
            Brief brief) {
    }

    /** What a comparison came to, as a section's headline counts it. */
    enum Outcome {
        BETTER("better"), WORSE("worse"), MIXED("better on some figures and worse on others"), ALIKE("not measurably different");

        final String words;

        Outcome(String words) {
            this.words = words;
        }

        static Outcome of(List<Change> measured) {
            return measured.isEmpty() ? ALIKE
                    : measured.stream().allMatch(Change::improvement) ? BETTER
                            : measured.stream().allMatch(Change::regression) ? WORSE : MIXED;
        }
    }

    /**
     * An answer in a few words, for its section's headline: who is compared ({@code subject}), where ({@code where}, e.g.
     * "heterogeneous" and "10k"), what it came to; or, for an answer that is a figure rather than a comparison, that figure.
     */
    record Brief(String subject, Outcome outcome, String where, long users, double figure) {
        static Brief of(String subject, Outcome outcome, String where, long users) {
            return new Brief(subject, outcome, where, users, Double.NaN);
        }

        static Brief ofFigure(String subject, String where, double figure) {
            return new Brief(subject, null, where, 0, figure);
        }
    }

    /**
     * A question and its answers, with a headline that sums them up in a line; {@code none} says what to run when there are
     * none.
     */
    record Section(String id, String title, String headline, List<Finding> findings, String none) {
        static Section of(String id, String title, List<Finding> findings, Function<List<Finding>, String> headline, String none) {
            return new Section(id, title, findings.isEmpty() ? "" : headline.apply(findings), findings, none);
        }
    }

    /** One line of "which strategy for which need": the best by throughput and by p95, with any not measurably worse. */
    record Need(String plan, String size, String machine, String throughput, String p95, List<RecordedRun> runs) {
    }

    /** @param verdict the newest runs' verdict, said on top as the overview says it */
    static Page build(RunHistory history, Published2018 published, Verdict verdict) {
        List<RecordedRun> runs = history.latestComplete(r -> r.trustworthy() && r.scaleOut().isEmpty());
        boolean machines = runs.stream().map(RecordedRun::machine).distinct().count() > 1;
        Findings f = new Findings(history.all(), machines);
        List<Section> sections = List.of(
                Section.of("storage", "JSONB or relational?", f.storage(runs), Headlines::outcomes,
                        "Run the same scenario on both storages, e.g. -Dscenario=jsonb-nodyn-10k and relational-nodyn-10k."),
                Section.of("engine", "What a search engine adds to writes and saves on searches", f.engines(runs), Headlines::outcomes,
                        "Run a scenario with and without an engine, e.g. jsonb-nodyn-100k and jsonb-nodyn-es-100k."),
                Section.of("memberships", "What dynamic memberships cost", f.memberships(runs), Headlines::outcomes,
                        "Run a scenario with and without dynamic memberships, e.g. jsonb-10k and jsonb-nodyn-10k."),
                Section.of("scaling", "How each strategy scales from 1k to 1M identities", f.scaling(runs), Headlines::scaling,
                        "Run one strategy at two sizes or more, e.g. scripts/run-matrix.sh 2018."),
                Section.of("products", "A real product against idbench's service", f.products(runs), Headlines::outcomes,
                        "Run a product and idbench's service at one size and plan, e.g. -Ptarget-keycloak and jsonb-nodyn-1k."),
                Section.of("y2018", "Today's figures against 2018's", f.versus2018(runs, published), Headlines::versus2018,
                        "Run a scenario of the 2018 matrix, e.g. -Dscenario=jsonb-nodyn-10k."));
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("sections", sections);
        model.put("needs", f.needs(runs));
        model.put("count", sections.stream().mapToInt(s -> s.findings().size()).sum());
        model.put("noDifference", sections.stream().flatMap(s -> s.findings().stream()).filter(x -> !x.measurable()).count());
        model.put("runCount", runs.size());
        model.put("verdict", verdict);
        return new Page("index.html", "findings", "Findings", model, List.of());
    }

    /** The questions, over every recorded run (for the noise) and whether more than one machine is named. */
    private record Findings(List<RecordedRun> all, boolean machines) {

        List<Finding> storage(List<RecordedRun> runs) {
            List<Finding> out = interleaved("storage", FindingsPage::storageName);
            for (List<RecordedRun> group : groups(runs, FindingsPage::service, "storage")) {
                RecordedRun relational = first(group, r -> r.parameter("storage").equals("relational"));
                RecordedRun jsonb = first(group, r -> r.parameter("storage").equals("jsonb"));
                if (relational != null && jsonb != null) {
                    out.add(finding(where(jsonb, "storage") + ": JSONB (" + jsonb.scenario() + ") against relational ("
                            + relational.scenario() + "), JSONB's figures over relational's", "JSONB",
                            Contrast.of(relational, jsonb, HEADLINE, all), "storage"));
                }
            }
            return out;
        }

        List<Finding> engines(List<RecordedRun> runs) {
            List<Finding> out = interleaved("search", r -> r.parameter("search").equals("sql") ? "PostgreSQL alone" : engine(r));
            for (List<RecordedRun> group : groups(runs, FindingsPage::service, "search")) {
                RecordedRun alone = first(group, r -> r.parameter("search").equals("sql"));
                List<RecordedRun> engines = group.stream().filter(r -> !r.parameter("search").equals("sql")).toList();
                if (alone != null) {
                    for (RecordedRun engine : engines) {
                        List<Figure> figures = new ArrayList<>();
                        RecordedRun.operations(List.of(alone)).stream().filter(op -> write(op) || search(op))
                                .forEach(op -> figures.add(new Figure(op, "p50")));
                        figures.add(new Figure(ALL, "throughput"));
                        out.add(finding(where(engine, "search") + ": " + engine(engine) + " beside PostgreSQL (" + engine.scenario()
                                + ") against PostgreSQL alone (" + alone.scenario() + "), with the engine over without",
                                "With "
                                        + engine(engine) + ", " + alone.parameter("storage"),
                                Contrast.of(alone, engine, figures, all), "search"));
                    }
                }
                for (int i = 1; i < engines.size(); i++) {
                    RecordedRun a = engines.get(0);
                    RecordedRun b = engines.get(i);
                    out.add(finding(where(b, "search") + ": " + engine(b) + " (" + b.scenario() + ") against " + engine(a) + " ("
                            + a.scenario() + "), " + engine(b) + "'s figures over " + engine(a) + "'s", engine(b),
                            Contrast.of(a, b, HEADLINE, all), "search"));
                }
            }
            return out;
        }

        List<Finding> memberships(List<RecordedRun> runs) {
            List<Finding> out = interleaved("dyn", r -> Boolean.parseBoolean(r.parameter("dyn")) ? "dynamic memberships" : "none");
            for (List<RecordedRun> group : groups(runs, FindingsPage::service, "dyn")) {
                RecordedRun without = first(group, r -> !Boolean.parseBoolean(r.parameter("dyn")));
                RecordedRun with = first(group, r -> Boolean.parseBoolean(r.parameter("dyn")));
                if (without != null && with != null) {
                    out.add(finding(where(with, "dyn") + ": dynamic memberships (" + with.scenario() + ") against none ("
                            + without.scenario() + "), with over without", "With dynamic memberships, " + with.parameter("storage"),
                            Contrast.of(without, with, HEADLINE, all), "dyn"));
                }
            }
            return out;
        }

        /**
         * The interleaved comparisons (-Dversus) of two scenarios of idbench's service that differ only in {@code varying}: side
         * B against side A as the paired verdict found. Both sides trustworthy; an A/A check or a handicapped side is no answer.
         */
        List<Finding> interleaved(String varying, Function<RecordedRun, String> name) {
            List<Finding> out = new ArrayList<>();
            for (RecordedRun a : all) {
                Versus v = a.record().versus();
                if (v == null || v.side() != Side.A || v.changes() == null || v.b() == null || !a.trustworthy() || !service(a)) {
                    continue;
                }
                Path path = Path.of(v.b());
                String bScenario = path.getParent() == null ? "" : path.getParent().getFileName().toString();
                RecordedRun b = first(all, r -> r.runId().equals(path.getFileName().toString()) && r.scenario().equals(bScenario));
                if (b == null || !b.trustworthy() || !service(b) || a.parameter(varying).equals(b.parameter(varying))
                        || !groups(List.of(a, b), r -> true, varying).stream().anyMatch(g -> g.size() == 2)) {
                    continue;
                }
                out.add(finding(where(b, varying) + ": " + name.apply(b) + " (" + b.scenario() + ") against " + name.apply(a) + " ("
                        + a.scenario() + "), measured interleaved, " + name.apply(b) + "'s figures over " + name.apply(a) + "'s",
                        name.apply(b), Contrast.paired(a, b, HEADLINE), varying));
            }
            return out;
        }

        /** Each strategy from its smallest size to its largest: step by step, the slope per tenfold, and the steepest fall. */
        List<Finding> scaling(List<RecordedRun> runs) {
            List<Finding> out = new ArrayList<>();
            List<Figure> figures = List.of(new Figure(ALL, "throughput"), new Figure(ALL, "p95"));
            for (List<RecordedRun> group : groups(runs, FindingsPage::service, "users")) {
                List<RecordedRun> sizes = group.stream().sorted(Comparator.comparingLong(RecordedRun::users)).toList();
                if (sizes.size() < 2 || sizes.get(0).users() == sizes.get(sizes.size() - 1).users()) {
                    continue;
                }
                RecordedRun smallest = sizes.get(0);
                RecordedRun largest = sizes.get(sizes.size() - 1);
                List<String> steps = new ArrayList<>();
                Change steepest = null;
                String steepestStep = null;
                boolean measurable = false;
                String basis = null;
                for (int i = 1; i < sizes.size(); i++) {
                    Contrast c = Contrast.of(sizes.get(i - 1), sizes.get(i), figures, all);
                    String step = ScenarioNames.size(sizes.get(i - 1).users()) + " → " + ScenarioNames.size(sizes.get(i).users());
                    steps.add(step + ": " + c.changes().stream().map(ch -> Contrast.phrase(ch.figure(), ch))
                            .collect(Collectors.joining("; ")));
                    measurable |= c.anyMeasurable();
                    basis = basis(c, sizes);
                    Change tp = c.change(ALL, "throughput");
                    if (tp != null && Contrast.measurable(tp) && tp.changePct() < 0
                            && (steepest == null || tp.changePct() < steepest.changePct())) {
                        steepest = tp;
                        steepestStep = step;
                    }
                }
                double tenfold = Math.pow(largest.figure(ALL, "throughput") / smallest.figure(ALL, "throughput"),
                        1 / Math.log10((double) largest.users() / smallest.users()));
                String lead = smallest.axes() + ", plan " + smallest.plan().id() + onMachine(smallest) + ": from "
                        + ScenarioNames.size(smallest.users()) + " to " + ScenarioNames.size(largest.users()) + " identities, throughput "
                        + Contrast.value(smallest.figure(ALL, "throughput")) + " → " + Contrast.value(largest.figure(ALL, "throughput"))
                        + " req/s, p95 " + Contrast.value(smallest.figure(ALL, "p95")) + " → " + Contrast.value(largest.figure(ALL, "p95"))
                        + " ms; each step the larger size's figures over the smaller's";
                String conclusion = String.format(Locale.ROOT, "Throughput %sx per tenfold more identities; ", Contrast.times(tenfold))
                        + (steepest != null ? "it falls most from " + steepestStep + " (" + Contrast.ratio(steepest) + ")."
                                : "no step lowers it measurably.");
                out.add(new Finding(lead, conclusion, steps, sizes, basis, measurable,
                        Brief.ofFigure(smallest.axes(), smallest.plan().id(), tenfold)));
            }
            return out;
        }

        List<Finding> products(List<RecordedRun> runs) {
            List<Finding> out = new ArrayList<>();
            for (List<RecordedRun> group : groups(runs, r -> true, "storage", "search", "dyn")) {
                for (RecordedRun product : group.stream().filter(r -> !service(r)).toList()) {
                    for (RecordedRun ours : group.stream().filter(FindingsPage::service).toList()) {
                        out.add(finding(where(product, "storage", "search", "dyn") + ": " + product.axes() + " (" + product.scenario()
                                + ") against idbench's service on " + ours.axes() + " (" + ours.scenario() + "), " + protocols(product)
                                + product.axes() + "'s figures over idbench's", product.axes(), Contrast.of(ours, product, HEADLINE, all),
                                "storage", "search", "dyn"));
                    }
                }
            }
            return out;
        }

        /** 2018 published points on other hardware, without intervals: ratios only, and said so. */
        List<Finding> versus2018(List<RecordedRun> runs, Published2018 published) {
            List<Finding> out = new ArrayList<>();
            published.comparable().forEach((scenario2018, scenario) -> runs.stream()
                    .filter(r -> r.scenario().equals(scenario) && r.plan() == Plan.HETEROGENEOUS).forEach(run -> published
                            .row(scenario2018, "Total").ifPresent(total -> {
                                double tp = run.figure(ALL, "throughput");
                                double p95 = run.figure(ALL, "p95");
                                List<String> figures = List.of(
                                        "throughput " + Contrast.times(tp / total.throughput()) + "x 2018's ("
                                                + Contrast.value(tp) + " against " + Contrast.value(total.throughput()) + " req/s)",
                                        "p95 " + Contrast.value(p95) + " against " + Contrast.value(total.p95()) + " ms: 2018's was "
                                                + Contrast.times(total.p95() / p95) + "x idbench's");
                                out.add(new Finding(run.scenario() + onMachine(run) + " against 2018's " + scenario2018 + " ("
                                        + published.edition(scenario2018) + ")",
                                        String.format(Locale.ROOT,
                                                "idbench serves %sx the throughput of 2018's figure.",
                                                Contrast.times(tp / total.throughput())),
                                        figures, List.of(run),
                                        "2018's figures are published points from other hardware and software, without intervals:"
                                                + " a distance, not a contest",
                                        true, Brief.ofFigure(run.scenario(), scenario2018, tp / total.throughput())));
                            })));
            return out;
        }

        /** Per plan and size, the strategy with the best throughput and the one with the best p95, and any not measurably worse. */
        List<Need> needs(List<RecordedRun> runs) {
            List<Need> out = new ArrayList<>();
            for (List<RecordedRun> group : groups(runs, FindingsPage::service, "storage", "search", "dyn")) {
                if (group.size() < 2) {
                    continue;
                }
                RecordedRun first = group.get(0);
                out.add(new Need(first.plan().id(), ScenarioNames.size(first.users()), machines ? first.machine() : "",
                        best(group, "throughput"), best(group, "p95"), group));
            }
            return out;
        }

        private String best(List<RecordedRun> group, String figure) {
            boolean higher = io.idbench.results.Verdict.HIGHER_IS_BETTER.contains(figure);
            Comparator<RecordedRun> order = Comparator.comparingDouble(r -> r.figure(ALL, figure));
            RecordedRun best = group.stream().filter(r -> r.figure(ALL, figure) > 0).max(higher ? order : order.reversed())
                    .orElse(null);
            if (best == null) {
                return "";
            }
            List<String> alike = new ArrayList<>();
            for (RecordedRun r : group) {
                if (r != best) {
                    Change c = Contrast.of(best, r, List.of(new Figure(ALL, figure)), all).change(ALL, figure);
                    if (c != null && !Contrast.measurable(c)) {
                        alike.add(r.axes());
                    }
                }
            }
            String unit = new Figure(ALL, figure).unit();
            return best.axes() + " (" + Contrast.value(best.figure(ALL, figure)) + " " + unit + ")"
                    + (alike.isEmpty() ? "" : "; no measurably different: " + String.join(", ", alike));
        }

        /** @param compared the parameters the two runs differ in, left out of where the answer stands */
        private Finding finding(String lead, String subject, Contrast c, String... compared) {
            List<String> figures = c.changes().stream()
                    .map(ch -> Contrast.phrase(ch.label().equals(ALL) ? ch.figure() : ch.label() + " " + ch.figure(), ch)).toList();
            RecordedRun r = c.other();
            List<String> with = new ArrayList<>();
            List<String> left = Arrays.asList(compared);
            if (!left.contains("search") && service(r) && !r.parameter("search").equals("sql")) {
                with.add(engine(r));
            }
            if (!left.contains("dyn") && Boolean.parseBoolean(r.parameter("dyn"))) {
                with.add("dynamic memberships");
            }
            String where = r.plan().id() + (with.isEmpty() ? "" : " with " + String.join(" and ", with));
            Outcome outcome = Outcome.of(c.changes().stream().filter(Contrast::measurable).toList());
            return new Finding(lead, conclusion(subject, c), figures, List.of(c.reference(), c.other()),
                    basis(c, List.of(c.reference(), c.other())), c.anyMeasurable(),
                    Brief.of(subject, outcome, where, r.users()));
        }

        /** "Plan heterogeneous, 10k identities, with Elasticsearch", leaving out what is compared. */
        private String where(RecordedRun r, String... compared) {
            List<String> left = Arrays.asList(compared);
            List<String> parts = new ArrayList<>(List.of("Plan " + r.plan().id()));
            if (!left.contains("users")) {
                parts.add(ScenarioNames.size(r.users()) + " identities");
            }
            if (!left.contains("search") && service(r) && !r.parameter("search").equals("sql")) {
                parts.add("with " + engine(r));
            }
            if (!left.contains("dyn") && Boolean.parseBoolean(r.parameter("dyn"))) {
                parts.add("dynamic memberships");
            }
            return String.join(", ", parts) + onMachine(r);
        }

        private String onMachine(RecordedRun r) {
            return machines ? " on " + r.machine() : "";
        }
    }

    /** "JSONB is better: throughput higher (2.29x), p95 lower (0.40x)." or that nothing differs measurably. */
    static String conclusion(String subject, Contrast c) {
        List<Change> measured = c.changes().stream().filter(Contrast::measurable).toList();
        if (measured.isEmpty()) {
            return "No measurable difference on any of these figures.";
        }
        String what = measured.stream().map(ch -> (ch.label().equals(ALL) ? "" : ch.label() + " ") + ch.figure() + " "
                + (ch.changePct() > 0 ? "higher" : "lower") + " (" + Contrast.times(1 + ch.changePct() / 100) + "x)")
                .collect(Collectors.joining(", "));
        return subject + switch (Outcome.of(measured)) {
            case BETTER -> " is better: ";
            case WORSE -> " is worse: ";
            default -> " differs: ";
        } + what + ".";
    }

    /** What the intervals hold, whether {@code runs} are of different code, and whether a run had no intervals of its own. */
    private static String basis(Contrast c, List<RecordedRun> runs) {
        return c.noise() + Contrast.differentCode(runs) + (c.pointOnly() ? "; a run recorded without intervals counts at its figure" : "");
    }

    /** Whether both sides spoke SCIM, or what the other protocol's figures include. */
    private static String protocols(RecordedRun product) {
        return product.protocol().equals("SCIM") ? "both over SCIM, "
                : "over " + product.protocol() + " against SCIM over HTTP (the protocols' costs are in the figures: no JSON, no HTTP"
                        + " and no token on LDAP's side), ";
    }

    /** idbench's own service (not a product or an external SCIM server): its storage, engine and memberships name it. */
    static boolean service(RecordedRun r) {
        return !r.parameter("storage").isEmpty()
                && r.axes().equals(
                        ScenarioNames.axes(r.parameter("storage"), Boolean.parseBoolean(r.parameter("dyn")), r.parameter("search")));
    }

    static boolean write(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        return l.startsWith("create") || l.startsWith("delete") || l.contains("update");
    }

    static boolean search(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        return l.startsWith("search") || l.startsWith("query") || l.contains("by username");
    }

    private static String storageName(RecordedRun r) {
        return r.parameter("storage").equals("jsonb") ? "JSONB" : r.parameter("storage");
    }

    private static String engine(RecordedRun r) {
        return switch (r.parameter("search")) {
            case "elasticsearch" -> "Elasticsearch";
            case "opensearch" -> "OpenSearch";
            default -> r.parameter("search");
        };
    }

    private static RecordedRun first(List<RecordedRun> runs, Predicate<RecordedRun> which) {
        return runs.stream().filter(which).findFirst().orElse(null);
    }

    /** The runs {@code which} accepts, grouped by machine and shape but for the {@code varying} parameters: comparable runs. */
    static List<List<RecordedRun>> groups(List<RecordedRun> runs, Predicate<RecordedRun> which, String... varying) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        List<String> vary = Arrays.asList(varying);
        for (RecordedRun r : runs.stream().filter(which).toList()) {
            String shape = Arrays.stream(r.shape().split(" ")).filter(t -> vary.stream().noneMatch(k -> t.startsWith(k + "=")))
                    .collect(Collectors.joining(" "));
            groups.computeIfAbsent(r.machine() + "\u0000" + shape, k -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(groups.values());
    }
}
