package io.idbench.plans.jmeter;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The warm-up's steady-state detector, a post-processor of every warm-up sample. It counts the warm-up samples of all threads
 * in windows of {@code steady.window} seconds (2), from the moment every thread runs, with the service's CPU per request (its
 * Server-Timing cpu). The service and JMeter's JVM are warm when neither the throughput nor the service's CPU per request
 * moves any more (the mean of the last three windows within {@code steady.pct} percent of the mean of the three before) and
 * neither JVM's JIT compiler is still busy (it compiled for less than a tenth of those windows: on a saturated 2-core machine
 * the JIT competes with the load, and a plateau can be a JVM waiting for its compiler). Then {@code idbench.steady.<rep>} is
 * "true", and each thread leaves its warm-up once it warmed for at least {@code warmup} seconds (at {@code warmupMax} without
 * agreement). Once a side was steady, a later repetition warms for {@code rewarm} seconds (its window) and is steady as soon as
 * both JITs were quiet over one window. The windows, the JIT times and the decision go to
 * {@code <warmup.report.dir>/warmup-<rep>.json} (a remote engine's to {@code warmup-<rep>@<host>_<port>.json}).
 */
public class SteadyStateDetector extends AbstractTestElement implements PostProcessor, TestBean {
    private static final long serialVersionUID = 1L;
    /** The JMeter property holding a repetition's {@link WarmUp}, shared by all threads. */
    static final String STATE = "idbench.warmup.";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A remote engine's threads are named host:port-…. */
    private static final Pattern REMOTE = Pattern.compile("^(.+:\\d+)-");

    /** Where the JIT compile times come from: this JVM's compiler, the target's telemetry. */
    interface Jits {
        long jmeter();

        long service(JMeterVariables vars, Properties props);
    }

    private static final Jits REAL = new Jits() {
        @Override
        public long jmeter() {
            return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        }

        @Override
        public long service(JMeterVariables vars, Properties props) {
            return ServiceJit.of(vars.get("targetProtocol"), vars.get("targetHost"), vars.get("targetPort"), vars.get("token"), props);
        }
    };

    @Override
    public void process() {
        JMeterContext ctx = JMeterContextService.getContext();
        observe(ctx.getVariables(), JMeterUtils.getJMeterProperties(), System.currentTimeMillis(),
                JMeterContextService.getNumberOfThreads(), ctx.getThread() == null ? "" : ctx.getThread().getThreadName(), REAL);
    }

    /** One warm-up sample of a thread at {@code now}, {@code running} threads of the plan running. */
    static void observe(JMeterVariables vars, Properties props, long now, int running, String threadName, Jits jits) {
        String rep = vars.get("rep") == null || vars.get("rep").isEmpty() ? "1" : vars.get("rep");
        WarmUp state = (WarmUp) props.computeIfAbsent(STATE + rep, k -> new WarmUp());
        if (state.steadyAt != 0L) {
            return;
        }
        state.samples.incrementAndGet();
        String cpu = vars.get("serverCpuMs");
        if (cpu != null && !cpu.isEmpty()) {
            state.cpuMicros.addAndGet((long) (Double.parseDouble(cpu) * 1000));
            state.cpuSamples.incrementAndGet();
        }
        boolean wasSteady = props.get("idbench.wasSteady." + vars.get("side")) != null;
        long windowMs = (long) (1000 * Double.parseDouble(wasSteady ? props.getProperty("rewarm", "1")
                : props.getProperty("steady.window", "2")));
        if (now - state.windowStart < windowMs) {
            return;
        }
        synchronized (state.lock) {
            if (now - state.windowStart < windowMs) {
                return;
            }
            if (running < Integer.parseInt(props.getProperty("threads", "1")) || state.windowStart == 0L) {
                state.samples.set(0);
                state.cpuMicros.set(0);
                state.cpuSamples.set(0);
                state.restart(now, jits.jmeter(), jits.service(vars, props));
                return;
            }
            state.endWindow(now, jits.jmeter(), jits.service(vars, props));
            double margin = Double.parseDouble(props.getProperty("steady.pct", "5")) / 100;
            boolean jitQuiet = WarmUp.quiet(state.jmeterJit, windowMs) && WarmUp.quiet(state.serviceJit, windowMs);
            boolean agree = state.windows.size() >= 6 && WarmUp.flat(state.windows, margin) && WarmUp.flat(state.cpu, margin)
                    && jitQuiet;
            // A side steady before: both JVMs are warm already; with both JITs quiet over one window, the flow is back.
            if (agree || wasSteady && jitQuiet) {
                state.steadyAt = now;
                boolean duet = "true".equals(props.getProperty("duet", "false"));
                for (String side : duet ? List.of("A", "B") : List.of(String.valueOf(vars.get("side")))) {
                    props.put("idbench.wasSteady." + side, "true");
                }
                props.put("idbench.steady." + rep, "true");
            }
            report(state, props, rep, threadName, windowMs / 1000.0, margin * 100);
        }
    }

    private static void report(WarmUp state, Properties props, String rep, String threadName, double windowSeconds,
            double marginPct) {
        String dir = props.getProperty("warmup.report.dir", "");
        if (dir.isEmpty() || !Files.isDirectory(Path.of(dir))) {
            return;
        }
        Matcher remote = REMOTE.matcher(threadName);
        String name = "warmup-" + rep + (remote.find() ? "@" + remote.group(1).replace(':', '_') : "") + ".json";
        try {
            Files.writeString(Path.of(dir, name), JSON.writeValueAsString(state.report(windowSeconds, marginPct)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
