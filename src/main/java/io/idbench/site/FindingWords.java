package io.idbench.site;

import io.idbench.config.Protocol;
import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.results.Answer;
import io.idbench.results.Contrast;
import io.idbench.results.Finding;
import io.idbench.results.Findings;
import io.idbench.results.Gap;
import io.idbench.results.Outcome;
import io.idbench.results.Question;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunNoise;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The findings in words: what each question asks, what its answer says, each figure with its interval, the load and code
 * both runs share, where the noise came from, and why a question has no answer yet. The decisions are {@link Findings}'; this
 * class only says them.
 */
final class FindingWords {
    static final String ALL = Findings.ALL;

    private FindingWords() {
    }

    /** The question as the answer table asks it. */
    static String title(Question q) {
        return switch (q.topic()) {
            case STORAGE -> "JSONB or relational?";
            case ENGINE -> "What does a search engine cost and save?";
            case MEMBERSHIPS -> "What do dynamic memberships cost?";
            case SCALING -> "How does each strategy scale?";
            case PRODUCT -> q.product().productName() + " beside idbench's service";
        };
    }

    /** The ratio the answer table and its chart show: "JSONB / relational". */
    static String ratioName(Finding f) {
        if (f.scaling() != null) {
            return f.contrast().other().series() + ", per tenfold identities";
        }
        return side(f.question(), f.contrast().other()) + " / " + side(f.question(), f.contrast().reference());
    }

    /** One side of a finding as the question names it: "JSONB", "Elasticsearch", "dynamic memberships", "Keycloak". */
    static String side(Question q, RecordedRun r) {
        if (!r.service()) {
            return r.target().ownService() ? r.axes() : r.target().productName();
        }
        return switch (q.topic()) {
            case STORAGE -> r.storage().displayName();
            case ENGINE -> r.search().displayName();
            case MEMBERSHIPS -> r.dynamic() ? "dynamic memberships" : "no dynamic memberships";
            case SCALING -> r.series();
            case PRODUCT -> "idbench's service on " + r.axes();
        };
    }

    /**
     * Where a finding stands, leaving out what it compares: "plan 1 (heterogeneous), 10k identities, with Elasticsearch, 10
     * threads × 30 loops".
     */
    static String where(Finding f) {
        RecordedRun r = f.contrast().other();
        List<String> parts = new ArrayList<>();
        parts.add("plan " + f.load().planNumber() + " (" + f.load().plan().id() + ")");
        if (f.scaling() == null) {
            parts.add(ScenarioNames.size(r.users()) + " identities");
        }
        Question.Topic t = f.question().topic();
        if (r.service() && t != Question.Topic.SCALING && t != Question.Topic.PRODUCT) {
            if (t != Question.Topic.STORAGE) {
                parts.add(r.storage().displayName());
            }
            if (t != Question.Topic.ENGINE && r.search().engine()) {
                parts.add("with " + r.search().displayName());
            }
            if (t != Question.Topic.MEMBERSHIPS && r.dynamic()) {
                parts.add("with dynamic memberships");
            }
        }
        return String.join(", ", parts);
    }

    /**
     * The runs both ran under the same load, code and machine: "10 threads × 30 loops; code f456780; 2 vCPUs (AMD EPYC), 24
     * GiB, JMeter on the same host", with the night when a nightly job recorded them.
     */
    static String conditions(Finding f) {
        return conditions(f, true, true);
    }

    /**
     * The same for the answer table, which lists the runs beside it: without the night, and without the machine where the
     * table names the one machine of all its answers.
     */
    static String conditions(Finding f, boolean withMachine) {
        return conditions(f, withMachine, false);
    }

    private static String conditions(Finding f, boolean withMachine, boolean withNight) {
        String protocols = f.question().topic() == Question.Topic.PRODUCT ? "; " + protocols(f.contrast().other()) : "";
        List<String> ids = f.runs().stream().map(RecordedRun::runId).distinct().toList();
        String night = withNight && ids.size() == 1 && f.runs().size() > 1 ? ", runs " + ids.get(0) : "";
        return f.load().driven() + "; code " + f.code() + night + (f.contrast().paired() ? ", both sides in one build" : "")
                + (withMachine ? "; " + machine(f.contrast().other()) : "") + protocols;
    }

    /** The machine in a phrase that nests in a sentence: "2 vCPUs (AMD EPYC), 24 GiB, JMeter on the same host". */
    static String machine(RecordedRun r) {
        return r.machineLabel().replace("; ", ", ");
    }

    /**
     * What a reader must know before quoting a finding, one sentence each: that newer code has run a side since (and how far
     * it moved), that a run it rests on was not steady within itself, that a curve is implausible.
     */
    static List<String> caveats(Finding f) {
        List<String> out = new ArrayList<>();
        if (f.stale()) {
            out.add(stale(f));
        }
        if (!f.unsteady().isEmpty()) {
            out.add("Rests on " + (f.unsteady().size() == 1 ? "a run" : "runs") + " its own page calls NOT STEADY (an operation kept"
                    + " rising or falling over the repetitions): " + String.join("; ", f.unsteady().stream()
                            .map(r -> r.scenario() + " " + r.runId() + " (" + unsteady(r) + ")").toList())
                    + ".");
        }
        if (f.scaling() != null && f.scaling().implausible()) {
            out.add("Implausible, so not an answer: " + doubts(f) + ".");
        }
        return out;
    }

    /** The caveats as short as the answer table wants them: the cards below say them whole. */
    static List<String> caveatsShort(Finding f) {
        List<String> out = new ArrayList<>();
        if (f.stale()) {
            out.add("Older than the code: " + String.join("; ", f.newer().stream().map(n -> n.newest().codeLabel() + " ran "
                    + n.was().scenario() + " again since" + (n.moved() == null ? "" : " and moved it " + ratioWords(n.moved()) + " ("
                            + Format.figure(n.moved().baseline()) + " → " + Format.figure(n.moved().run()) + " req/s)"))
                    .toList())
                    + (f.newer().size() < f.runs().size() ? "; the other side has not run at that code" : "") + ".");
        }
        f.unsteady().forEach(r -> out.add("NOT STEADY: " + r.scenario() + " (" + unsteady(r).replace(": ", " ")
                .replace(" over " + r.record().repetitions().size() + " repetitions", "") + ")."));
        if (f.scaling() != null && f.scaling().implausible()) {
            out.add("Implausible, so not an answer: " + doubts(f) + ".");
        }
        return out;
    }

    /**
     * "Search existing user: p50 −45.0 % over 40 repetitions; 6 more": how a run was not steady, its first operation's first
     * figure, and how many more figures moved (the run's page lists them all).
     */
    static String unsteady(RecordedRun r) {
        List<String> all = new ArrayList<>();
        r.unsteady().forEach((label, how) -> {
            for (String one : how.split("; ")) {
                all.add(label + ": " + one.replaceAll(" \\(Mann-Kendall p=[0-9.]+\\)", "").replaceAll(" rose ([0-9.]+)%", " +$1 %")
                        .replaceAll(" fell ([0-9.]+)%", " −$1 %"));
            }
        });
        return all.get(0) + (all.size() > 1 ? "; " + (all.size() - 1) + " more" : "");
    }

    /** How old a finding is: which newer code ran which of its runs again, and how far each moved. */
    static String stale(Finding f) {
        List<String> moves = new ArrayList<>();
        for (Finding.Newer n : f.newer()) {
            Change c = n.moved();
            moves.add(n.newest().codeLabel() + " ran " + n.was().scenario() + " again (" + n.newest().runId() + ")"
                    + (c == null ? "" : " and moved its throughput " + ratioWords(c) + " (" + Format.figure(c.baseline()) + " → "
                            + Format.figure(c.run()) + " req/s)"));
        }
        boolean oneSide = f.newer().size() < f.runs().size();
        return "Answered at " + f.code() + ", older than the code that ran since: " + String.join("; ", moves)
                + (oneSide ? "; " + (f.runs().size() - f.newer().size() == 1 ? "the other run has" : "the other runs have")
                        + " not run at that code, so the answer stands at " + f.code() + " only" : "")
                + ".";
    }

    /** Why a curve is implausible, in a phrase per doubt. */
    static String doubts(Finding f) {
        List<String> out = new ArrayList<>();
        for (Finding.Doubt d : f.scaling().doubts()) {
            out.add(switch (d.kind()) {
                case GROWS_WITH_DATA -> "its throughput rose with the identities (" + Format.times(d.ratio()) + "x from "
                        + ScenarioNames.size(f.scaling().sizes().get(0).users()) + " to " + ScenarioNames.size(d.run().users())
                        + "): more data does not make the same requests cheaper, something else differed between the runs";
                case OUTSIDE_HISTORY -> d.run().scenario() + " " + d.run().runId() + " measured " + Format.times(d.ratio())
                        + "x the throughput of its scenario's other runs on this machine";
            });
        }
        return String.join("; ", out);
    }

    /** "anywhere from −26.4 % to +37.0 %": what a change's interval leaves open. */
    static String anywhere(Change c) {
        return "anywhere from " + Format.change(c.lowPct()) + " to " + Format.change(c.highPct());
    }

    /**
     * A change found not measurable whose interval is narrow enough to call it no difference: both ends within the minimum
     * effect. A wider one cannot tell.
     */
    static boolean narrow(Change c, Contrast judgedBy) {
        return c.lowPct() > -judgedBy.minEffectPct() && c.highPct() < judgedBy.minEffectPct();
    }

    /**
     * "JSONB is better than relational", "Keycloak is worse than idbench's service on jsonb-nodyn", not measurably different
     * (the throughput's interval within the minimum effect), or, where no figure moved measurably but the interval is wide,
     * that it cannot tell.
     */
    static String verdict(Finding f) {
        String other = side(f.question(), f.contrast().other());
        String reference = side(f.question(), f.contrast().reference());
        boolean cannotTell = f.outcome() == Outcome.ALIKE && openThroughput(f);
        if (f.question().topic() == Question.Topic.MEMBERSHIPS) {
            return cannotTell ? "What dynamic memberships cost cannot be told" : switch (f.outcome()) {
                case BETTER -> "Dynamic memberships cost nothing measurable; some figures are better";
                case WORSE -> "Dynamic memberships cost";
                case MIXED -> "Dynamic memberships make some figures better and others worse";
                case ALIKE -> "Dynamic memberships cost nothing measurable";
            };
        }
        return cannotTell ? "Whether " + other + " differs from " + reference + " cannot be told" : switch (f.outcome()) {
            case BETTER -> other + " is better than " + reference;
            case WORSE -> other + " is worse than " + reference;
            case MIXED -> other + " is better on some figures and worse on others than " + reference;
            case ALIKE -> other + " is not measurably different from " + reference;
        };
    }

    /** A finding whose throughput interval holds no change and a change of the minimum effect or more: it cannot tell. */
    private static boolean openThroughput(Finding f) {
        Change tp = f.contrast().change(ALL, "throughput");
        return tp != null && !narrow(tp, f.contrast()) && tp.lowPct() <= 0 && tp.highPct() >= 0;
    }

    /**
     * For a finding of no measurable difference, what its throughput's interval leaves: within the minimum effect, anywhere
     * over a wide range, or a change of its own that the figures judged together do not make significant.
     */
    static String alike(Finding f) {
        Change tp = f.contrast().change(ALL, "throughput");
        if (f.outcome() != Outcome.ALIKE || tp == null) {
            return "";
        }
        String range = Format.change(tp.lowPct()) + " to " + Format.change(tp.highPct());
        return narrow(tp, f.contrast()) ? " (throughput within " + range + ")" : openThroughput(f) ? ": throughput " + anywhere(tp)
                : " (throughput " + range + ", not significant once the " + f.contrast().family() + " figures are judged together)";
    }

    /** The answer's sentence: the headline finding's verdict, where it stands, and how the other findings came out. */
    static String sentence(Answer a) {
        Finding f = a.headline();
        if (f == null) {
            return gap(a.why());
        }
        if (f.scaling() != null) {
            return scalingSentence(a);
        }
        String head = verdict(f) + " at " + where(f) + alike(f) + ".";
        long others = a.findings().size();
        if (others <= 1) {
            return head;
        }
        return head + " Like with like, " + counts(a.counts()) + " of " + others + " comparisons.";
    }

    private static String scalingSentence(Answer a) {
        List<String> strategies = new ArrayList<>();
        for (Finding f : a.findings().subList(0, Math.min(a.findings().size(), 3))) {
            strategies.add(f.contrast().other().series() + " (plan " + f.load().planNumber() + ", "
                    + ScenarioNames.size(f.scaling().sizes().get(0).users()) + " → "
                    + ScenarioNames.size(f.scaling().sizes().get(f.scaling().sizes().size() - 1).users()) + ") "
                    + Format.times(f.scaling().perTenfold().value()) + "x"
                    + (f.scaling().implausible() ? ", implausible (below)" : f.stale() ? ", at older code (below)" : ""));
        }
        return "Throughput kept per tenfold more identities: " + String.join("; ", strategies)
                + (a.findings().size() > 3 ? "; " + (a.findings().size() - 3) + " more below." : ".");
    }

    /** "better in 4, worse in 1, not measurably different in 1". */
    static String counts(Map<Outcome, Long> counts) {
        return counts.entrySet().stream().map(e -> switch (e.getKey()) {
            case BETTER -> "better in " + e.getValue();
            case WORSE -> "worse in " + e.getValue();
            case MIXED -> "mixed in " + e.getValue();
            case ALIKE -> "not measurably different in " + e.getValue();
        }).collect(Collectors.joining(", "));
    }

    /** The ratio the answer stands on: ALL throughput, or for a strategy across sizes the throughput kept per tenfold. */
    static double[] headlineRatio(Finding f) {
        if (f.scaling() != null) {
            var i = f.scaling().perTenfold();
            return i == null ? null : new double[] {i.value(), i.low(), i.high()};
        }
        Change c = f.contrast().change(ALL, "throughput");
        return c == null ? null : ratio(c);
    }

    static double[] ratio(Change c) {
        return new double[] {1 + c.changePct() / 100, 1 + c.lowPct() / 100, 1 + c.highPct() / 100};
    }

    /** "2.29x [1.65, 3.18]". */
    static String ratioWords(Change c) {
        double[] r = ratio(c);
        return Format.ratio(r[0], r[1], r[2]);
    }

    /**
     * One figure of a contrast for people: "p95 0.40x [0.33, 0.49] (8.03 against 20.0 ms)"; or why it is no difference: "p95:
     * no measurable difference (1.06x [0.88, 1.28]; …)", "…: changed by less than 5 % (…)" (the verdict's minimum effect), or, when its own interval leaves
     * out 1 but the figures judged together (Holm) do not make it significant, "…: not significant once the 3 figures are
     * judged together (…)".
     */
    static String figure(Contrast contrast, Change c) {
        String name = c.label().equals(ALL) ? c.figure() : c.label() + " " + c.figure();
        String unit = new Contrast.Figure(c.label(), c.figure()).unit();
        String values = Format.figure(c.run()) + " against " + Format.figure(c.baseline()) + " " + unit;
        if (Contrast.measurable(c)) {
            return name + " " + ratioWords(c) + " (" + values + ")";
        }
        String why = c.significant() ? "changed by less than " + Numbers.trim(contrast.minEffectPct()) + " %"
                : c.lowPct() > 0 || c.highPct() < 0 ? "not significant once the " + contrast.family()
                        + " figures are judged together" : narrow(c, contrast) ? "no measurable difference" : "cannot tell, " + anywhere(c);
        return name + ": " + why + " (" + ratioWords(c) + "; " + values + ")";
    }

    /** The same, as short as the answer table wants it: "noise from 12 runs of one code here (6 groups)". */
    static String noiseShort(Contrast c) {
        if (c.paired()) {
            return "measured interleaved over " + Format.plural(c.rounds(), "round")
                    + (c.forks() > 1 ? " in " + Format.plural(c.forks(), "fork") : "");
        }
        RunNoise.Basis b = c.noise();
        return switch (b.kind()) {
            case SCENARIO -> "noise from " + Format.plural(b.runs(), "run") + " of " + b.scenario() + " of one code here";
            case POOLED -> "noise from " + Format.plural(b.runs(), "run") + " of one code here (" + Format.plural(b.groups(), "group")
                    + ")";
            case DEFAULT -> "noise: the default " + Numbers.trim(RunNoise.DEFAULT_PCT) + " %";
            case GIVEN -> "noise: " + c.noiseSource();
        };
    }

    /** Where the intervals' run-to-run noise came from, in a few words. */
    static String noise(Contrast c) {
        if (c.paired()) {
            return "measured interleaved in one build over " + Format.plural(c.rounds(), "round") + (c.forks() > 1
                    ? " in " + Format.plural(c.forks(), "fork") + " (both services started again before each), the fork as the unit"
                    : ", paired round by round")
                    + (c.noiseSource() == null ? "" : "; what two service processes differ by: "
                            + c.noiseSource());
        }
        RunNoise.Basis b = c.noise();
        String noise = switch (b.kind()) {
            case SCENARIO -> "noise measured from " + Format.plural(b.runs(), "run") + " of " + b.scenario() + " of one code";
            case POOLED -> "noise measured on this machine, pooled over " + Format.plural(b.runs(), "run") + " in "
                    + Format.plural(b.groups(), "group") + " of one scenario and code";
            case DEFAULT -> "noise: the default " + Numbers.trim(RunNoise.DEFAULT_PCT) + " % (too few runs of one code here)";
            case GIVEN -> "noise: " + c.noiseSource();
        };
        return noise + (c.pointOnly() ? "; a run without intervals of its own counts at its figure" : "");
    }

    /** Why a question or a place of it has no answer yet, in one line. */
    static String gap(Gap g) {
        List<RecordedRun> runs = g.runs();
        return switch (g.reason()) {
            case NO_RUNS -> "Not answered yet: no run asks it.";
            case ONE_SIDE -> g.question().topic() == Question.Topic.PRODUCT
                    ? runs.get(0).service() ? "Not answered yet: no " + g.question().product().productName() + " run yet, to set beside "
                            + runs.get(0).scenario() + "."
                            : "Not answered yet: idbench's service has not run at the size and plan of "
                                    + runs.get(0).scenario() + "."
                    : "Not answered yet: only " + runs.get(0).scenario() + " (" + side(g.question(), runs.get(0)) + ") has run.";
            case ONE_SIZE -> "Not answered yet: " + runs.get(0).series() + " has run at " + ScenarioNames.size(runs.get(0).users())
                    + " identities only.";
            case DIFFERENT_CODE -> "Not comparable yet: different code, " + String.join(" vs ", g.details()) + " ("
                    + runs.stream().map(r -> r.scenario() + " " + r.runId()).collect(Collectors.joining(", ")) + ").";
            case DIFFERENT_LOAD -> "Not comparable yet: different loads, " + String.join(", ", g.details()) + " ("
                    + runs.stream().map(r -> r.scenario() + " " + r.runId()).collect(Collectors.joining(", ")) + ").";
            case DIFFERENT_NIGHT -> "Not comparable yet: one code, but run in different nights (" + String.join(" vs ", g.details())
                    + ").";
            case NOT_TRUSTWORTHY -> "Not answered yet: the only " + runs.get(0).scenario() + " runs were "
                    + String.join(" or ", g.details()) + ".";
        };
    }

    /** What the protocols leave out of a product's figures. */
    static String protocols(RecordedRun product) {
        Protocol p = product.protocol();
        return p.http() ? "both over SCIM"
                : "over " + p.words() + " against SCIM over HTTP: the protocols' costs are in the figures (no JSON, no HTTP and no"
                        + " token on " + p.words() + "'s side)";
    }
}
