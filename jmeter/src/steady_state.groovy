// Steady-state detector of the warm-up (a JSR223 PostProcessor on every warm-up sample; embedded in
// the plans by plans.py). Counts the warm-up samples of all threads in windows of steady.window
// seconds (2), from the moment every thread is running, and the service's CPU per request (its
// Server-Timing cpu, the CPU time of the request's thread). The service and JMeter's JVM are warm
// when neither the throughput nor the service's CPU per request moves any more (the mean of the
// last three windows is within steady.pct percent of the mean of the three before) and neither
// JVM's JIT compiler is still busy (it compiled for less than a tenth of those three windows: on a
// saturated 2-core machine the JIT competes with the load, and a throughput plateau can be a JVM
// waiting for its compiler). Then the property idbench.steady.<rep> is "true" and each thread
// leaves its warm-up once it has warmed for at least `warmup` seconds; without agreement it leaves
// at warmupMax seconds. Each repetition has its own detector: JMeter and the service stay warm
// from one to the next, so once a side was steady, a later repetition of it warms for `rewarm`
// seconds (its window) and is steady as soon as both JITs were quiet over one such window (the JIT
// times are also read when the first window starts). The windows, the JIT times and the decision are written to
// <warmup.report.dir>/warmup-<rep>.json (a remote engine's to warmup-<rep>@<host>_<port>.json).
import java.util.concurrent.atomic.AtomicLong

/**
 * The service's JIT compile time so far (ms), or -1 where it does not say; in a duet (both sides measured at once) both
 * services' together, since both must be quiet.
 */
static long serviceJit(vars, props) {
    if (props.getProperty('duet', 'false') != 'true') {
        return jitOf(vars.get('targetProtocol'), vars.get('targetHost'), vars.get('targetPort'), vars.get('token'))
    }
    long a = jitOf(props.getProperty('target.protocol', 'http'), props.getProperty('target.host'), props.getProperty('target.port'),
            props.getProperty('token', ''))
    long b = jitOf(props.getProperty('versus.target.protocol', 'http'), props.getProperty('versus.target.host'),
            props.getProperty('versus.target.port'), props.getProperty('versus.token', ''))
    return a < 0 || b < 0 ? -1L : a + b
}

static long jitOf(String protocol, String host, String port, String token) {
    try {
        def c = new URL(protocol + '://' + host + ':' + port + '/idbench/telemetry/jit').openConnection()
        c.setRequestProperty('Authorization', 'Bearer ' + token)
        c.connectTimeout = 1000
        c.readTimeout = 1000
        if (c.responseCode != 200) {
            return -1L
        }
        return (new groovy.json.JsonSlurper().parse(c.inputStream).compilationMillis as long)
    } catch (Exception e) {
        return -1L
    }
}

/** Whether the mean of a series' last three windows is within margin of the mean of the three before (no data: flat). */
static boolean flat(List<Double> series, double margin) {
    int n = series.size()
    double level = series[(n - 3)..(n - 1)].sum() / 3
    double before = series[(n - 6)..(n - 4)].sum() / 3
    return level == 0 || Math.abs(level - before) <= margin * level
}

/** Whether a JVM's JIT compiled for less than a tenth of the last (up to three) windows (or does not say). */
static boolean compiled(List<Long> jit, long windowMs) {
    int n = jit.size()
    int k = Math.min(3, n - 1)
    return k < 1 || jit[n - 1] < 0 || jit[n - 1 - k] < 0 || jit[n - 1] - jit[n - 1 - k] < 0.1 * k * windowMs
}
import org.apache.jmeter.threads.JMeterContextService

String rep = vars.get('rep') ?: '1'
def state = props.get('idbench.warmup.' + rep)
if (state == null) {
    synchronized (props) {
        state = props.get('idbench.warmup.' + rep)
        if (state == null) {
            state = [samples: new AtomicLong(), cpuMicros: new AtomicLong(), cpuSamples: new AtomicLong(), lock: new Object(),
                     windowStart: 0L, windows: [], cpu: [], allThreadsAt: 0L, steadyAt: 0L, jmeterJit: [], serviceJit: []]
            props.put('idbench.warmup.' + rep, state)
        }
    }
}
if (state.steadyAt != 0L) {
    return
}
state.samples.incrementAndGet()
String cpu = vars.get('serverCpuMs')
if (cpu != null && !cpu.isEmpty()) {
    state.cpuMicros.addAndGet((long) (Double.parseDouble(cpu) * 1000))
    state.cpuSamples.incrementAndGet()
}
long now = System.currentTimeMillis()
boolean wasSteady = props.get('idbench.wasSteady.' + vars.get('side')) != null
long windowMs = (long) (1000 * Double.parseDouble(wasSteady ? props.getProperty('rewarm', '1') : props.getProperty('steady.window', '2')))
if (now - state.windowStart < windowMs) {
    return
}
synchronized (state.lock) {
    if (now - state.windowStart < windowMs) {
        return
    }
    long counted = state.samples.getAndSet(0)
    long cpuMicros = state.cpuMicros.getAndSet(0)
    long cpuSamples = state.cpuSamples.getAndSet(0)
    int threads = Integer.parseInt(props.getProperty('threads', '1'))
    if (JMeterContextService.getNumberOfThreads() < threads || state.windowStart == 0L) {
        // Ramp-up (or the first sample): a window only counts once every thread runs.
        state.windowStart = now
        state.windows.clear()
        state.cpu.clear()
        state.jmeterJit.clear()
        state.serviceJit.clear()
        // The JIT times at the first window's start: one window then tells whether a JIT compiled during it.
        state.jmeterJit << java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime()
        state.serviceJit << serviceJit(vars, props)
        return
    }
    if (state.allThreadsAt == 0L) {
        state.allThreadsAt = state.windowStart
    }
    state.windows << counted * 1000.0d / (now - state.windowStart)
    state.cpu << (cpuSamples == 0 ? 0.0d : cpuMicros / (double) cpuSamples)
    state.windowStart = now
    // JIT compile time of JMeter's JVM and of the service's (where it tells: idbench's /idbench/telemetry/jit).
    state.jmeterJit << java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime()
    state.serviceJit << serviceJit(vars, props)
    double margin = Double.parseDouble(props.getProperty('steady.pct', '5')) / 100
    def w = state.windows
    int n = w.size()
    boolean jitQuiet = compiled(state.jmeterJit, windowMs) && compiled(state.serviceJit, windowMs)
    boolean agree = false
    if (n >= 6) {
        agree = flat(w, margin) && flat(state.cpu, margin) && jitQuiet
    }
    // Later repetitions of a side that was steady before: both JVMs are warm already; with both JITs
    // quiet over one window of `rewarm` s (JMeter's JIT still compiles, for the first repetitions,
    // what populate and teardown run outside the warm-up), the flow is re-established.
    if (!agree && wasSteady && jitQuiet) {
        agree = true
    }
    if (agree) {
        state.steadyAt = now
        // In a duet both sides warmed up together.
        (props.getProperty('duet', 'false') == 'true' ? ['A', 'B'] : [vars.get('side')]).each { props.put('idbench.wasSteady.' + it, 'true') }
        props.put('idbench.steady.' + rep, 'true')
    }
    String dir = props.getProperty('warmup.report.dir', '')
    if (!dir.isEmpty()) {
        def report = [steady: state.steadyAt != 0L, steadyAt: state.steadyAt == 0L ? null : state.steadyAt,
                      allThreadsAt: state.allThreadsAt, windowSeconds: windowMs / 1000.0d, marginPct: margin * 100,
                      windows: w.collect { Math.round(it * 10) / 10.0d }, serviceCpuUs: state.cpu.collect { Math.round(it * 10) / 10.0d },
                      jmeterJitMs: state.jmeterJit, serviceJitMs: state.serviceJit]
        // A remote engine's threads are named host:port-…: its report is its own (engines on one host share the directory;
        // one on another host writes there only where that directory exists).
        def remote = ctx.getThread().getThreadName() =~ /^(.+:\d+)-/
        String name = 'warmup-' + rep + (remote.find() ? '@' + remote.group(1).replace(':', '_') : '') + '.json'
        if (new File(dir).isDirectory()) {
            new File(dir, name).text = groovy.json.JsonOutput.toJson(report)
        }
    }
}
