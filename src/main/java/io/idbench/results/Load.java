package io.idbench.results;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.record.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The load a run put on its target: the plan and how it was driven (threads, loops or a duration, a rate), with the rest of
 * the shape that is not what is measured (ramp-up, warm-up, hot set, replicas, an engine cluster, remote JMeter engines). Two
 * runs answer a question together only under the same load: at 50 threads a store past its saturation looks worse than at 10.
 *
 * @param others the other shape parameters, by name, as recorded (the later ones as every earlier run had them)
 */
public record Load(Plan plan, int threads, int loops, int durationSeconds, double rate, Map<String, String> others) {

    /** The shape parameters that name what is measured, not the load: they are the questions' axes. */
    static final Set<String> AXES = Set.copyOf(Parameters.keys(Parameter.Role.AXIS));
    /** The shape parameters a load has fields for. */
    private static final Set<String> TYPED = Set.of("plan", "threads", "loops", "duration", "rate");

    public static Load of(RunRecord r) {
        Map<String, String> others = new LinkedHashMap<>();
        for (Parameter p : Parameters.where(p -> p.role().comparability() && !AXES.contains(p.key()) && !TYPED.contains(p.key()))) {
            others.put(p.key(), r.shapeValue(p.key()));
        }
        Plan plan = r.parameter("plan").isEmpty() ? Plan.DEFAULT : Plan.parse(r.parameter("plan"));
        return new Load(plan, (int) number(r.parameter("threads")), (int) number(r.parameter("loops")),
                (int) number(r.parameter("duration")), number(r.parameter("rate")), Map.copyOf(others));
    }

    /** Plan 1 to 4, as docs/workload.md numbers them. */
    public int planNumber() {
        return plan.ordinal() + 1;
    }

    /** An open model: requests at a fixed rate, whatever the answers' times. */
    public boolean open() {
        return rate > 0;
    }

    /** "plan 1 (heterogeneous), 10 threads × 30 loops"; "…, 10 threads for 20 s"; "…, 200 req/s offered (open model)". */
    public String words() {
        return "plan " + planNumber() + " (" + plan.id() + "), " + driven();
    }

    /** How the plan was driven, without the plan: "10 threads × 30 loops". */
    public String driven() {
        List<String> parts = new ArrayList<>();
        if (plan.paced()) {
            double pace = number(others.get("provisioning.rate"));
            String present = others.getOrDefault("provisioning.present", "0");
            parts.add(threads + (threads == 1 ? " job" : " jobs") + " as " + others.get("client") + " at "
                    + (pace > 0 ? trim(pace) + " req/s each" : "full speed") + (present.equals("0") ? "" : ", " + present
                            + " % of the users present"));
        } else if (open()) {
            parts.add(String.format(Locale.ROOT, "%s req/s offered (open model)", trim(rate)));
        } else {
            parts.add(threads + (threads == 1 ? " thread" : " threads")
                    + (durationSeconds > 0 ? " for " + durationSeconds + " s a repetition" : " × " + loops + " loops"));
        }
        scaleOut().forEach(parts::add);
        return String.join(", ", parts);
    }

    /** Replicas, an engine cluster, remote JMeter engines: what a single machine's run does not have. */
    private List<String> scaleOut() {
        List<String> out = new ArrayList<>();
        if (!"1".equals(others.get("instances"))) {
            out.add(others.get("instances") + " service replicas");
        }
        if (!"1".equals(others.get("search.nodes"))) {
            out.add(others.get("search.nodes") + "-node engine");
        }
        String remotes = others.getOrDefault("jmeter.remotes", "");
        if (!remotes.isBlank()) {
            out.add(remotes.split(",").length + " remote JMeter engines");
        }
        return out;
    }

    /** How this load differs from {@code other}'s, one phrase a parameter ("10 against 50 threads"); empty for the same load. */
    public List<String> differences(Load other) {
        List<String> out = new ArrayList<>();
        if (plan != other.plan) {
            out.add("plan " + planNumber() + " against plan " + other.planNumber());
        }
        if (threads != other.threads) {
            out.add(threads + " against " + other.threads + " threads");
        }
        // A duration replaces the loops: say how long each repetition ran, not "0 against 20 s".
        String length = durationSeconds > 0 ? durationSeconds + " s a repetition" : loops + " loops";
        String otherLength = other.durationSeconds > 0 ? other.durationSeconds + " s a repetition" : other.loops + " loops";
        if (!length.equals(otherLength)) {
            out.add(length + " against " + otherLength);
        } else if (loops != other.loops) {
            out.add(loops + " against " + other.loops + " loops");
        }
        if (rate != other.rate) {
            out.add(trim(rate) + " against " + trim(other.rate) + " req/s offered");
        }
        others.forEach((key, value) -> {
            if (!value.equals(other.others.get(key))) {
                out.add(key + " " + (value.isEmpty() ? "none" : value) + " against "
                        + (other.others.getOrDefault(key, "").isEmpty() ? "none" : other.others.get(key)));
            }
        });
        return out;
    }

    private static double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
