package io.idbench.results;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.TargetKind;
import io.idbench.record.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The arguments of the {@code ./mvnw -B verify -DskipTests} that would record a missing run: a recorded run again, or with one
 * axis changed, always under the load the run was given ({@code -Dthreads=…} as its record says it was set), so that the new
 * run is comparable with it.
 */
final class Next {
    private Next() {
    }

    /** The parameters of a run's load, written when the run's user set them (not the scenario's or the defaults). */
    static final List<String> LOAD = Parameters.keys(Parameter.Role.LOAD, Parameter.Role.SHAPE);
    /** What names the target and its workload: written when the scenario file does not say it (an override), or changed. */
    private static final List<String> TARGET = java.util.stream.Stream.concat(Parameters.keys(Parameter.Role.AXIS).stream(),
            Parameters.keys(Parameter.Role.WORKLOAD).stream()).toList();

    /** The same run once more (of tonight's code, on a quiet machine). */
    static String again(RecordedRun run) {
        return join(target(run, Map.of()), load(run));
    }

    /** {@code run} with one of idbench's axes changed: -Dstorage=relational, -Dsearch=elasticsearch, -Ddyn=true, -Dusers=… */
    static String varied(RecordedRun run, String key, String value) {
        return join(target(run, Map.of(key, value)), load(run));
    }

    /** {@code run}'s target under {@code loadOf}'s load. */
    static String withLoadOf(RecordedRun run, RecordedRun loadOf) {
        return join(target(run, Map.of()), load(loadOf));
    }

    /** A product at the size and plan of {@code like}, under its load. */
    static String product(TargetKind kind, RecordedRun like) {
        return join(product(kind, like.users(), like.plan()), load(like));
    }

    /** A service run of the default axes (JSONB, no engine, no dynamic memberships) at the size and plan of {@code like}. */
    static String service(RecordedRun like) {
        String plan = like.plan() == Plan.DEFAULT ? "" : " -Dplan=" + like.plan().id();
        return join("-Dusers=" + like.users() + plan, load(like));
    }

    private static String product(TargetKind kind, long users, Plan plan) {
        return "-Dtarget=" + kind.id() + " -Dusers=" + users + (plan == Plan.DEFAULT ? "" : " -Dplan=" + plan.id());
    }

    /**
     * The run's target: a product by kind and size; idbench's service by the scenario file it was resolved from, with the
     * axes the record has that the file may not (an override), and {@code changed} over them.
     */
    private static String target(RecordedRun run, Map<String, String> changed) {
        if (!run.service()) {
            return run.target().ownService() ? "-Dtarget.url=" + run.parameter("target.url")
                    : product(run.target(), run.users(), run.plan());
        }
        RunRecord r = run.record();
        String file = r.scenarioFile() == null ? "" : r.scenarioFile().replaceFirst("^.*/", "").replaceFirst("\\.properties$", "");
        List<String> args = new ArrayList<>();
        if (!file.isEmpty()) {
            args.add("-Dscenario=" + file);
        }
        for (String axis : TARGET) {
            String value = changed.getOrDefault(axis, run.parameter(axis));
            boolean fromFile = !file.isEmpty() && String.valueOf(r.parameterOrigins().get(axis)).startsWith("scenario");
            boolean fromDefault = "default".equals(r.parameterOrigins().get(axis));
            // A parameter the record lacks (a later one, in an older record) was its default there.
            if (changed.containsKey(axis) || !value.isEmpty() && !(fromFile || fromDefault)) {
                args.add("-D" + axis + "=" + value);
            }
        }
        return String.join(" ", args);
    }

    private static String load(RecordedRun run) {
        List<String> args = new ArrayList<>();
        for (String key : LOAD) {
            String origin = run.record().parameterOrigins().get(key);
            if (origin != null && (origin.equals("-D") || origin.startsWith("-P")) && !run.parameter(key).isEmpty()) {
                args.add("-D" + key + "=" + run.parameter(key));
            }
        }
        return String.join(" ", args);
    }

    private static String join(String a, String b) {
        return b.isEmpty() ? a : a.isEmpty() ? b : a + " " + b;
    }
}
