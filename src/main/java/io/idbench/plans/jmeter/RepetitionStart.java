package io.idbench.plans.jmeter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Where a thread's repetition starts (a pre-processor, once per thread and repetition): {@code rep} numbers the measured
 * repetitions from 1; {@code side} is the service the repetition measures, from the property {@code schedule} (A,B,B,A,… when
 * two services are compared interleaved; A otherwise); the side's target ({@code versus.target.*} for B) and token become the
 * thread's variables. Before them, each side runs {@code settle} whole settling repetitions (rep −k … 0, measurePhase=settle):
 * after the long first warm-up, the first measured phase, teardown and populate still make both JVMs compile (the first of
 * ten repetitions measured 0.70 of their median, the second 0.94 like the rest), so they are recorded, not pooled. With
 * {@code forks} > 1 the repetitions come in forks, each its own JMeter run ({@code repIndex.first}: the repetitions of the
 * forks before it): the measured ones numbered on across forks, the settling ones down, each number once. In a duet both
 * sides are measured at once, half the threads each, a thread's side alternating from one repetition to the next.
 */
public class RepetitionStart extends AbstractTestElement implements PreProcessor, TestBean {
    private static final long serialVersionUID = 1L;

    @Override
    public void process() {
        JMeterContext ctx = JMeterContextService.getContext();
        start(ctx.getVariables(), JMeterUtils.getJMeterProperties(), ctx.getThreadNum());
    }

    /** The next repetition of thread {@code t} (0-based): its number, side and target in {@code vars}. */
    static void start(JMeterVariables vars, Properties props, int t) {
        String index = vars.get("repIndex");
        int n = Integer.parseInt(index == null || index.isEmpty() ? props.getProperty("repIndex.first", "0") : index) + 1;
        vars.put("repIndex", String.valueOf(n));
        String[] schedule = props.getProperty("schedule", "").split(",");
        List<String> sides = sides(schedule);
        boolean duet = "true".equals(props.getProperty("duet", "false")) && sides.size() == 2;
        int settling = Integer.parseInt(props.getProperty("settle", "0")) * (duet ? 1 : sides.size());
        int forks = Integer.parseInt(props.getProperty("forks", "1"));
        int measuredPerFork = forks > 1 ? Integer.parseInt(props.getProperty("repeat", "1")) / forks : Integer.MAX_VALUE - settling;
        int fork = (n - 1) / (settling + measuredPerFork) + 1;
        int inFork = (n - 1) % (settling + measuredPerFork) + 1;
        int rep = inFork <= settling ? inFork - settling - (fork - 1) * settling : (fork - 1) * measuredPerFork + inFork - settling;
        String side;
        if (duet) {
            side = (t + n) % 2 == 0 ? "A" : "B";
        } else if (rep < 1) {
            side = sides.get((inFork - 1) % sides.size());
        } else {
            side = rep <= schedule.length && !schedule[rep - 1].isBlank() ? schedule[rep - 1].strip() : "A";
        }
        int threads = Integer.parseInt(props.getProperty("threads", "1"));
        // The threads on this thread's side, and its place among them: a hot set is made and read by the threads of one side.
        vars.put("sideThread", String.valueOf(duet ? t / 2 + 1 : t + 1));
        vars.put("sideThreads", String.valueOf(duet ? (threads - t % 2 + 1) / 2 : threads));
        vars.put("rep", String.valueOf(rep));
        vars.put("fork", String.valueOf(fork));
        vars.put("measurePhase", rep < 1 ? "settle" : "measure");
        target(vars, props, side, t);
    }

    /** The schedule's sides in their order of first appearance; A alone without one. */
    private static List<String> sides(String[] schedule) {
        Set<String> out = new LinkedHashSet<>();
        for (String s : schedule) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out.isEmpty() ? List.of("A") : new ArrayList<>(out);
    }

    /**
     * The side's target as the thread's variables. Replicas of the service ({@code target.replicas}, host:port each): thread t
     * writes through replica t and reads through replica t + 1, round robin, so that every read of what a thread wrote crosses
     * replicas.
     */
    private static void target(JMeterVariables vars, Properties props, String side, int t) {
        String prefix = side.equals("A") ? "" : "versus.";
        vars.put("side", side);
        vars.put("base", props.getProperty(prefix + "target.path", ""));
        vars.put("targetHost", props.getProperty(prefix + "target.host", ""));
        vars.put("targetPort", props.getProperty(prefix + "target.port", ""));
        List<String> replicas = new ArrayList<>();
        for (String r : props.getProperty(prefix + "target.replicas", "").split(",")) {
            if (!r.isEmpty()) {
                replicas.add(r);
            }
        }
        if (replicas.size() > 1) {
            replica(vars, "target", replicas.get(t % replicas.size()));
            replica(vars, "read", replicas.get((t + 1) % replicas.size()));
        } else {
            vars.put("readHost", vars.get("targetHost"));
            vars.put("readPort", vars.get("targetPort"));
        }
        vars.put("targetProtocol", props.getProperty(prefix + "target.protocol", "http"));
        vars.put("token", props.getProperty(prefix + "token", ""));
        // Names are lower-case: a server may fold userName's case (RFC 7643: caseExact false; Keycloak does).
        vars.put("sideTag", side.toLowerCase(Locale.ROOT));
        // With a token endpoint (token.url), the first iteration fetches the token or takes the one Login got.
        vars.put("tokenRefreshAt", props.getProperty(prefix + "token.url", "").isEmpty() ? String.valueOf(Long.MAX_VALUE)
                : props.getProperty(prefix + "token.refreshAt", "0"));
        // The first iteration reads JMeter's CPU time and takes the token; later ones when either is due.
        vars.put("checkAt", "0");
    }

    private static void replica(JMeterVariables vars, String role, String hostPort) {
        vars.put(role + "Host", hostPort.substring(0, hostPort.lastIndexOf(':')));
        vars.put(role + "Port", hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }
}
