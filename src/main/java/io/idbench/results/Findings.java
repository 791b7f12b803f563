package io.idbench.results;

import io.idbench.config.OperationKind;
import io.idbench.config.Plan;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.record.Change;
import io.idbench.record.Interval;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.results.Contrast.Figure;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the recorded runs answer, question by question ({@link Question}): every like-with-like pair of runs that differ only
 * in what a question asks ({@link LikeWithLike}: one machine, code and load, one night in a nightly job), judged by
 * {@link Contrast} with the noise measured on the machine; the pairs measured interleaved in one build; each strategy across
 * its sizes; and where runs exist but cannot be set side by side yet, why ({@link Gap}) and what to run. Typed values only:
 * the site words them.
 */
public final class Findings {
    public static final String ALL = RunStatistics.ALL;
    /** The figures an answer about a whole workload gives. */
    public static final List<Figure> HEADLINE = List.of(new Figure(ALL, "throughput"), new Figure(ALL, "p50"), new Figure(ALL, "p95"));
    /** A strategy across sizes: what it keeps of its throughput, and its tail. */
    public static final List<Figure> SCALING = List.of(new Figure(ALL, "throughput"), new Figure(ALL, "p95"));

    private final RunHistory history;
    private final Verdict verdict;
    private final List<RecordedRun> complete;
    private final LikeWithLike like;

    private Findings(RunHistory history, Verdict verdict) {
        this.history = history;
        this.verdict = verdict;
        this.complete = history.all().stream().filter(RecordedRun::complete).toList();
        this.like = new LikeWithLike(history);
    }

    /** The answers judged by the default verdict ({@link Verdict#defaults()}: a change of 5 % counts). */
    public static Findings of(RunHistory history) {
        return of(history, Verdict.defaults());
    }

    /** The answers judged by {@code verdict}: the site's tolerance is its minimum effect. */
    public static Findings of(RunHistory history, Verdict verdict) {
        return new Findings(history, verdict);
    }

    /** The smallest change the answers count, in %: what their words state as the rule. */
    public double minEffectPct() {
        return verdict.minEffectPct();
    }

    /** One answer per question, in the answer table's order. */
    public List<Answer> answers() {
        return Question.all().stream().map(this::answer).toList();
    }

    public Answer answer(Question q) {
        return switch (q.topic()) {
            case STORAGE -> pairwise(q, RecordedRun::storage, r -> List.of(r.plan(), r.users(), r.search(), r.dynamic()),
                    everyPair(referenceFirst(Storage.REFERENCE, Storage.values())), r -> HEADLINE,
                    s -> new String[] {"storage", s.id()});
            case ENGINE -> pairwise(q, RecordedRun::search, r -> List.of(r.plan(), r.users(), r.storage(), r.dynamic()),
                    everyPair(referenceFirst(SearchMode.SQL, SearchMode.values())), Findings::engineFigures,
                    s -> new String[] {"search", s.id()});
            case MEMBERSHIPS -> pairwise(q, RecordedRun::dynamic, r -> List.of(r.plan(), r.users(), r.storage(), r.search()),
                    everyPair(List.of(false, true)), r -> HEADLINE, d -> new String[] {"dyn", d.toString()});
            case SCALING -> scaling(q);
            case PRODUCT -> product(q);
        };
    }

    /** An axis's values, its reference first, then the others as declared: a value declared later reaches every answer. */
    static <S> List<S> referenceFirst(S reference, S[] values) {
        List<S> out = new ArrayList<>(List.of(reference));
        for (S v : values) {
            if (!v.equals(reference)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Every two values of an axis, the earlier one the reference: (a, b), (a, c), (b, c). */
    static <S> List<List<S>> everyPair(List<S> values) {
        List<List<S>> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            for (int j = i + 1; j < values.size(); j++) {
                out.add(List.of(values.get(i), values.get(j)));
            }
        }
        return out;
    }

    /** A search engine's answer: what it adds to writes and saves on searches (their p50), and what it does to throughput. */
    static List<Figure> engineFigures(RecordedRun reference) {
        List<Figure> out = new ArrayList<>();
        for (String op : RecordedRun.operations(List.of(reference))) {
            OperationKind kind = reference.kind(op);
            if (kind != null && (kind.writes() || kind.searches())) {
                out.add(new Figure(op, "p50"));
            }
        }
        out.add(new Figure(ALL, "throughput"));
        return out;
    }

    /**
     * A question over idbench's service whose sides are the values of one axis ({@code side}), at places that hold the other
     * axes and the plan fixed ({@code place}); for each pair of values in {@code sides} (reference, then other) and each
     * place, the like-with-like pair, or why there is none.
     *
     * @param axis the parameter and value that make a run of the given side: what to run when one is missing
     */
    private <S> Answer pairwise(Question q, Function<RecordedRun, S> side, Function<RecordedRun, List<Object>> place,
            List<List<S>> sides, Function<RecordedRun, List<Figure>> figures, Function<S, String[]> axis) {
        List<Finding> findings = new ArrayList<>();
        List<Gap> gaps = new ArrayList<>();
        for (List<RecordedRun> group : groups(complete.stream().filter(RecordedRun::service).toList(), place)) {
            boolean oneSided = false;
            for (List<S> pair : sides) {
                List<RecordedRun> references = group.stream().filter(r -> pair.get(0).equals(side.apply(r))).toList();
                List<RecordedRun> others = group.stream().filter(r -> pair.get(1).equals(side.apply(r))).toList();
                if (references.isEmpty() && others.isEmpty()) {
                    continue;
                }
                if (references.isEmpty() || others.isEmpty()) {
                    if (!oneSided) {
                        RecordedRun there = LikeWithLike.newestFirst(references.isEmpty() ? others : references).get(0);
                        String[] missing = axis.apply(pair.get(references.isEmpty() ? 0 : 1));
                        gaps.add(new Gap(q, Gap.Reason.ONE_SIDE, List.of(there), List.of(),
                                List.of(Next.varied(there, missing[0], missing[1]))));
                        oneSided = true;
                    }
                    continue;
                }
                findings.addAll(pairsByLoad(q, references, others, figures, gaps));
            }
        }
        findings.addAll(interleaved(q, side, place, figures));
        return answer(q, findings, gaps);
    }

    /** For each load both sides ran under, the like-with-like pair, or why there is none; a gap when no load has both. */
    private List<Finding> pairsByLoad(Question q, List<RecordedRun> references, List<RecordedRun> others,
            Function<RecordedRun, List<Figure>> figures, List<Gap> gaps) {
        List<Finding> out = new ArrayList<>();
        boolean anyLoadOnBoth = false;
        for (Load load : LikeWithLike.loads(references)) {
            List<RecordedRun> r = references.stream().filter(x -> x.load().equals(load)).toList();
            List<RecordedRun> o = others.stream().filter(x -> x.load().equals(load)).toList();
            if (o.isEmpty()) {
                continue;
            }
            anyLoadOnBoth = true;
            like.best(r, o).ifPresentOrElse(
                    p -> out.add(
                            new Finding(q, Contrast.of(p.reference(), p.other(), figures.apply(p.reference()), history.all(), verdict))),
                    () -> gaps.add(like.gap(q, r, o)));
        }
        if (!anyLoadOnBoth) {
            gaps.add(like.gap(q, references, others));
        }
        return out;
    }

    /**
     * The interleaved comparisons (-Dversus) that answer {@code q}: two trustworthy runs of idbench's service measured in one
     * build, of one code and load, differing in the question's axis and nothing else; side B against side A as the paired
     * verdict found. An A/A check or a handicapped side is no answer.
     */
    private <S> List<Finding> interleaved(Question q, Function<RecordedRun, S> side, Function<RecordedRun, List<Object>> place,
            Function<RecordedRun, List<Figure>> figures) {
        List<Finding> out = new ArrayList<>();
        for (RecordedRun a : complete) {
            Versus v = a.record().versus();
            if (v == null || v.side() != Side.A || v.changes() == null || v.b() == null || !a.trustworthy() || !a.service()) {
                continue;
            }
            Path path = Path.of(v.b());
            String bScenario = path.getParent() == null ? "" : path.getParent().getFileName().toString();
            RecordedRun b = complete.stream().filter(r -> r.runId().equals(path.getFileName().toString())
                    && r.scenario().equals(bScenario)).findFirst().orElse(null);
            if (b != null && b.trustworthy() && b.service() && !side.apply(a).equals(side.apply(b))
                    && place.apply(a).equals(place.apply(b)) && a.machine().equals(b.machine()) && like.comparable(a, b)) {
                out.add(new Finding(q, Contrast.paired(a, b, figures.apply(a))));
            }
        }
        return out;
    }

    /** Each strategy from its smallest size to its largest, at one code and load: step by step, and per tenfold. */
    private Answer scaling(Question q) {
        List<Finding> findings = new ArrayList<>();
        List<Gap> gaps = new ArrayList<>();
        Map<List<Object>, List<RecordedRun>> oneSize = new LinkedHashMap<>(); // machine and series -> its loads' only runs
        for (List<RecordedRun> strategy : groups(complete, r -> List.of(r.series(), r.load()))) {
            List<RecordedRun> trusted = strategy.stream().filter(RecordedRun::trustworthy).toList();
            Map<Long, RecordedRun> best = curve(trusted);
            long sizes = strategy.stream().map(RecordedRun::users).distinct().count();
            if (best.size() >= 2) {
                findings.add(scaling(q, best.values().stream().sorted(Comparator.comparingLong(RecordedRun::users)).toList()));
            } else if (sizes >= 2 && !trusted.isEmpty()) {
                List<RecordedRun> newestPerSize = new ArrayList<>();
                LikeWithLike.newestFirst(trusted).stream().filter(r -> newestPerSize.stream().noneMatch(x -> x.users() == r.users()))
                        .forEach(newestPerSize::add);
                if (newestPerSize.size() >= 2) {
                    gaps.add(new Gap(q, Gap.Reason.DIFFERENT_CODE, newestPerSize,
                            newestPerSize.stream().map(RecordedRun::codeLabel).distinct().toList(),
                            newestPerSize.stream().map(Next::again).toList()));
                }
            } else if (!trusted.isEmpty()) {
                RecordedRun only = LikeWithLike.newestFirst(trusted).get(0);
                oneSize.computeIfAbsent(List.of(only.machine(), only.series()), k -> new ArrayList<>()).add(only);
            }
        }
        oneSize.values().forEach(only -> gaps.add(oneSize(q, only)));
        return answer(q, findings, gaps);
    }

    /**
     * Why a strategy whose every load ran at one size only has no curve: at two sizes under two loads, which no curve joins
     * (run the smaller size under the larger's load: the cheaper run), or at one size only.
     */
    private static Gap oneSize(Question q, List<RecordedRun> only) {
        List<RecordedRun> bySize = only.stream().sorted(Comparator.comparingLong(RecordedRun::users).reversed()).toList();
        RecordedRun largest = bySize.get(0);
        RecordedRun smallest = bySize.get(bySize.size() - 1);
        if (largest.users() != smallest.users()) {
            return new Gap(q, Gap.Reason.DIFFERENT_LOAD, List.of(smallest, largest), smallest.load().differences(largest.load()),
                    List.of(Next.withLoadOf(smallest, largest)));
        }
        long other = largest.users() >= 1_000_000 ? largest.users() / 10 : largest.users() * 10;
        return new Gap(q, Gap.Reason.ONE_SIZE, List.of(largest), List.of(), List.of(largest.service()
                ? Next.varied(largest, "users", Long.toString(other)) : Next.product(largest.target(), withUsers(largest, other))));
    }

    /**
     * The runs a strategy's curve joins, by size: among its trustworthy runs of one machine and load, those of the code and
     * night that ran the most sizes (the newest on a tie), the newest of each size.
     */
    private Map<Long, RecordedRun> curve(List<RecordedRun> trusted) {
        Map<String, Map<Long, RecordedRun>> byCode = new LinkedHashMap<>(); // code and night -> size -> newest run
        LikeWithLike.newestFirst(trusted).forEach(r -> byCode.computeIfAbsent(r.code() + "\u0000" + history.batch(r),
                k -> new LinkedHashMap<>()).putIfAbsent(r.users(), r));
        return byCode.entrySet().stream().filter(e -> !e.getKey().startsWith("\u0000")).map(Map.Entry::getValue)
                .max(Comparator.comparingInt(Map::size)).orElse(Map.of());
    }

    /** What a scaling chart may join of one strategy: one machine, load, code and night, the newest run of each size. */
    public record Curve(String machine, String series, Load load, List<RecordedRun> runs) {
    }

    /** Every strategy's curve under every load it ran, one point or more, smallest size first. */
    public List<Curve> curves() {
        List<Curve> out = new ArrayList<>();
        for (List<RecordedRun> strategy : groups(complete, r -> List.of(r.series(), r.load()))) {
            Map<Long, RecordedRun> best = curve(strategy.stream().filter(RecordedRun::trustworthy).toList());
            if (!best.isEmpty()) {
                RecordedRun first = strategy.get(0);
                out.add(new Curve(first.machine(), first.series(), first.load(), best.values().stream()
                        .sorted(Comparator.comparingLong(RecordedRun::users)).toList()));
            }
        }
        return out;
    }

    private static RecordedRun withUsers(RecordedRun run, long users) {
        Map<String, String> parameters = new LinkedHashMap<>(run.record().parameters());
        parameters.put("users", Long.toString(users));
        return new RecordedRun(run.dir(), run.record().withParameters(parameters));
    }

    private Finding scaling(Question q, List<RecordedRun> sizes) {
        List<Contrast> steps = new ArrayList<>();
        int steepest = -1;
        double steepestPct = 0;
        for (int i = 1; i < sizes.size(); i++) {
            Contrast c = Contrast.of(sizes.get(i - 1), sizes.get(i), SCALING, history.all(), verdict);
            steps.add(c);
            Change tp = c.change(ALL, "throughput");
            if (tp != null && Contrast.measurable(tp) && tp.changePct() < steepestPct) {
                steepest = i - 1;
                steepestPct = tp.changePct();
            }
        }
        RecordedRun smallest = sizes.get(0);
        RecordedRun largest = sizes.get(sizes.size() - 1);
        Contrast whole = Contrast.of(smallest, largest, SCALING, history.all(), verdict);
        double decades = Math.log10((double) largest.users() / smallest.users());
        Change tp = whole.change(ALL, "throughput");
        Interval perTenfold = tp == null ? null
                : new Interval(tenfold(tp.changePct(), decades), tenfold(tp.lowPct(), decades), tenfold(tp.highPct(), decades), Double.NaN);
        return new Finding(q, whole, new Finding.Scaling(sizes, steps, perTenfold, steepest, doubts(sizes, tp)));
    }

    /** A run this far from its scenario's other runs (twice, or half, their median throughput) is outside its history. */
    static final double OUTSIDE_HISTORY = 2;

    /**
     * Why a strategy's curve cannot be believed as it stands: its throughput rose measurably with the identities, or one of
     * its runs is {@link #OUTSIDE_HISTORY} times off its scenario's other trustworthy runs (any code) on the machine.
     */
    private List<Finding.Doubt> doubts(List<RecordedRun> sizes, Change wholeThroughput) {
        List<Finding.Doubt> out = new ArrayList<>();
        RecordedRun largest = sizes.get(sizes.size() - 1);
        if (wholeThroughput != null && Contrast.measurable(wholeThroughput) && wholeThroughput.changePct() > 0) {
            out.add(new Finding.Doubt(Finding.Doubt.Kind.GROWS_WITH_DATA, largest, 1 + wholeThroughput.changePct() / 100));
        }
        for (RecordedRun r : sizes) {
            double[] others = complete.stream().filter(x -> x != r && x.trustworthy() && sameSide(x, r))
                    .mapToDouble(x -> x.figure(ALL, "throughput")).filter(v -> v > 0).toArray();
            double own = r.figure(ALL, "throughput");
            if (others.length > 0 && own > 0) {
                double ratio = own / Bootstrap.median(others);
                if (ratio >= OUTSIDE_HISTORY || ratio <= 1 / OUTSIDE_HISTORY) {
                    out.add(new Finding.Doubt(Finding.Doubt.Kind.OUTSIDE_HISTORY, r, ratio));
                }
            }
        }
        return out;
    }

    /** Two runs of one place of a question: the same machine, strategy, size, scale-out and load (the code may differ). */
    private static boolean sameSide(RecordedRun a, RecordedRun b) {
        return a.machine().equals(b.machine()) && a.series().equals(b.series()) && a.users() == b.users()
                && a.scaleOut().equals(b.scaleOut()) && a.load().equals(b.load());
    }

    /**
     * The finding, told how old it is: for each of its runs, the newest trustworthy run of the same place that measured other
     * code since the finding's newest run, and how far it moved; and what would answer it at the newest of those codes.
     */
    private Finding dated(Finding f) {
        List<RecordedRun> runs = f.runs();
        Instant since = runs.stream().map(RecordedRun::started).max(Comparator.naturalOrder()).orElseThrow();
        Map<RecordedRun, RecordedRun> newest = new LinkedHashMap<>();
        for (RecordedRun r : runs) {
            complete.stream().filter(x -> x.trustworthy() && sameSide(x, r) && !x.code().isEmpty() && !x.code().equals(r.code())
                    && x.started().isAfter(since)).max(Comparator.comparing(RecordedRun::started)).ifPresent(x -> newest.put(r, x));
        }
        if (newest.isEmpty()) {
            return f;
        }
        String newestCode = newest.values().stream().max(Comparator.comparing(RecordedRun::started)).orElseThrow().code();
        List<Finding.Newer> found = new ArrayList<>();
        newest.forEach((was, now) -> found.add(new Finding.Newer(was, now, Contrast.of(was, now, List.of(new Figure(ALL,
                "throughput")), history.all(), verdict).change(ALL, "throughput"))));
        List<String> next = runs.stream().filter(r -> !newest.containsKey(r) || !newest.get(r).code().equals(newestCode))
                .map(r -> Next.again(newest.getOrDefault(r, r))).distinct().toList();
        return f.withNewer(found, next);
    }

    private static double tenfold(double changePct, double decades) {
        return Math.pow(1 + changePct / 100, 1 / decades);
    }

    /**
     * A product against idbench's service at one size and plan: each strategy of the service that ran there (the reference)
     * against the product, like with like.
     */
    private Answer product(Question q) {
        List<Finding> findings = new ArrayList<>();
        List<Gap> gaps = new ArrayList<>();
        Predicate<RecordedRun> isProduct = r -> !r.service() && r.target() == q.product();
        for (List<RecordedRun> group : groups(complete.stream().filter(r -> r.service() || isProduct.test(r)).toList(),
                r -> List.of(r.plan(), r.users()))) {
            List<RecordedRun> products = group.stream().filter(isProduct).toList();
            List<RecordedRun> services = group.stream().filter(RecordedRun::service).toList();
            if (products.isEmpty()) {
                continue;
            }
            if (services.isEmpty()) {
                RecordedRun p = LikeWithLike.newestFirst(products).get(0);
                gaps.add(new Gap(q, Gap.Reason.ONE_SIDE, List.of(p), List.of(), List.of(Next.service(p))));
                continue;
            }
            for (List<RecordedRun> strategy : groups(services, r -> List.of(r.axes()))) {
                findings.addAll(pairsByLoad(q, strategy, products, r -> HEADLINE, gaps));
            }
        }
        if (findings.isEmpty() && gaps.isEmpty()) {
            // No run of the product: set it beside the newest plan-1 run of the service (any plan's when none ran plan 1).
            complete.stream().filter(RecordedRun::service).max(Comparator.comparing((RecordedRun r) -> r.plan() == Plan.DEFAULT)
                    .thenComparing(RecordedRun::started)).ifPresent(
                            s -> gaps.add(new Gap(q, Gap.Reason.ONE_SIDE, List.of(s), List.of(),
                                    List.of(Next.product(q.product(), s)))));
        }
        return answer(q, findings, gaps);
    }

    /** The findings in the order they are listed, the headline first; the gaps that still matter, the most telling first. */
    private Answer answer(Question q, List<Finding> findings, List<Gap> gaps) {
        List<Finding> ordered = findings.stream().map(this::dated).sorted(headlineFirst(q)).toList();
        List<Gap> kept = gaps.stream().filter(g -> findings.isEmpty()
                || g.reason() != Gap.Reason.ONE_SIDE && g.reason() != Gap.Reason.ONE_SIZE).sorted(GAP_ORDER).toList();
        if (ordered.isEmpty() && kept.isEmpty()) {
            kept = List.of(new Gap(q, Gap.Reason.NO_RUNS, List.of(), List.of(), firstRuns(q)));
        }
        return new Answer(q, ordered.isEmpty() ? null : ordered.get(0), ordered, kept);
    }

    /** What to run on a machine that ran nothing of the question yet: a pair of scenarios the repository ships. */
    static List<String> firstRuns(Question q) {
        return switch (q.topic()) {
            case STORAGE -> List.of("-Dscenario=jsonb-nodyn-1k", "-Dscenario=relational-nodyn-1k");
            case ENGINE -> List.of("-Dscenario=jsonb-nodyn-100k", "-Dscenario=jsonb-nodyn-es-100k");
            case MEMBERSHIPS -> List.of("-Dscenario=jsonb-nodyn-10k", "-Dscenario=jsonb-10k");
            case SCALING -> List.of("-Dscenario=jsonb-nodyn-1k", "-Dscenario=jsonb-nodyn-10k");
            case PRODUCT -> List.of("-Dtarget=" + q.product().id() + " -Dusers=10000", "-Dscenario=jsonb-nodyn-10k");
        };
    }

    /**
     * The finding that stands for a question first: plan 1; not an implausible curve; idbench's default strategy for the
     * axes the question holds fixed (JSONB, PostgreSQL alone, no dynamic memberships); against PostgreSQL alone and
     * Elasticsearch before OpenSearch; measured interleaved; at the newest code that ran its sides; on runs that stayed
     * steady; the largest size (the most sizes, across sizes); the newest.
     */
    static Comparator<Finding> headlineFirst(Question q) {
        return Comparator.<Finding, Boolean>comparing(f -> f.contrast().other().plan() != Plan.DEFAULT)
                .thenComparing(f -> f.scaling() != null && f.scaling().implausible())
                .thenComparingInt(f -> unusual(q, f.contrast().reference()) + unusual(q, f.contrast().other()))
                .thenComparing(f -> !f.contrast().paired())
                .thenComparing(Finding::stale)
                .thenComparing(f -> !f.unsteady().isEmpty())
                .thenComparing(f -> f.scaling() == null ? 0 : -f.scaling().sizes().size())
                .thenComparing(f -> -f.contrast().other().users())
                .thenComparing(f -> f.contrast().other().started(), Comparator.reverseOrder());
    }

    /** How far a run is from the default strategy on the axes the question does not ask about. */
    private static int unusual(Question q, RecordedRun r) {
        if (!r.service()) {
            return 0;
        }
        int out = 0;
        out += q.topic() != Question.Topic.STORAGE && r.storage() != Storage.JSONB ? 1 : 0;
        out += q.topic() != Question.Topic.MEMBERSHIPS && r.dynamic() ? 1 : 0;
        out += q.topic() == Question.Topic.ENGINE ? r.search() == SearchMode.OPENSEARCH ? 1 : 0 : r.search() != SearchMode.SQL ? 1 : 0;
        return out;
    }

    /** The gaps that say most first: other code or load before a missing side, plan 1 first, the newest first. */
    private static final Comparator<Gap> GAP_ORDER = Comparator.<Gap, Gap.Reason>comparing(Gap::reason)
            .thenComparing(g -> g.runs().isEmpty() || g.runs().get(0).plan() != Plan.DEFAULT)
            .thenComparing(g -> g.runs().isEmpty() ? Instant.EPOCH : g.runs().get(0).started(), Comparator.reverseOrder());

    /**
     * One line of "which strategy for which need": at one size and load, on one machine and code, the strategy with the
     * highest throughput and the one with the lowest p95, and those not measurably different from each.
     */
    public record Need(Load load, long users, List<RecordedRun> runs, RecordedRun fastest, List<RecordedRun> asFast,
            RecordedRun steadiest, List<RecordedRun> asSteady) {
    }

    /** Per machine, size and load, the largest like-with-like set of idbench's strategies (two or more). */
    public List<Need> needs() {
        List<Need> out = new ArrayList<>();
        // A paced plan's throughput is its client's pace, not the store's: it says nothing of which strategy is faster.
        List<RecordedRun> trusted = complete.stream().filter(r -> r.service() && r.trustworthy() && !r.plan().paced()).toList();
        for (List<RecordedRun> place : groups(trusted, r -> List.of(r.users(), r.load()))) {
            Map<String, Map<String, RecordedRun>> byCode = new LinkedHashMap<>(); // code and night -> strategy -> newest run
            LikeWithLike.newestFirst(place).forEach(r -> byCode.computeIfAbsent(r.code() + "\u0000" + history.batch(r),
                    k -> new LinkedHashMap<>()).putIfAbsent(r.axes(), r));
            List<RecordedRun> set = byCode.entrySet().stream().filter(e -> !e.getKey().startsWith("\u0000"))
                    .map(e -> List.copyOf(e.getValue().values())).max(Comparator.comparingInt(List::size)).orElse(List.of());
            if (set.size() < 2) {
                continue;
            }
            List<RecordedRun> runs = set.stream().sorted(RunHistory.SCENARIO_ORDER).toList();
            RecordedRun fastest = best(runs, "throughput");
            RecordedRun steadiest = best(runs, "p95");
            out.add(new Need(runs.get(0).load(), runs.get(0).users(), runs, fastest, alike(fastest, runs, "throughput"), steadiest,
                    alike(steadiest, runs, "p95")));
        }
        return out;
    }

    private static RecordedRun best(List<RecordedRun> runs, String figure) {
        Comparator<RecordedRun> order = Comparator.comparingDouble(r -> r.figure(ALL, figure));
        return runs.stream().filter(r -> r.figure(ALL, figure) > 0)
                .max(Verdict.HIGHER_IS_BETTER.contains(figure) ? order : order.reversed()).orElse(runs.get(0));
    }

    private List<RecordedRun> alike(RecordedRun best, List<RecordedRun> runs, String figure) {
        List<RecordedRun> out = new ArrayList<>();
        for (RecordedRun r : runs) {
            if (r != best) {
                Change c = Contrast.of(best, r, List.of(new Figure(ALL, figure)), history.all(), verdict).change(ALL, figure);
                if (c != null && !Contrast.measurable(c)) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /** Runs grouped by machine and {@code key}, in the order of their first run. */
    private static List<List<RecordedRun>> groups(List<RecordedRun> runs, Function<RecordedRun, List<Object>> key) {
        Map<List<Object>, List<RecordedRun>> out = new LinkedHashMap<>();
        for (RecordedRun r : runs) {
            List<Object> k = new ArrayList<>();
            k.add(r.machine());
            k.addAll(key.apply(r));
            out.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(out.values());
    }
}
