package io.idbench.telemetry;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Samples, every period, the cumulative CPU time and context switches of each component of a
 * run (the service, PostgreSQL, the search engine, JMeter, the build itself) and of the whole
 * machine (busy, iowait, steal, context switches), as one CSV row, until the service ends. The
 * record step reads the rows at the edges of each repetition's measured window (OSHI reads
 * {@code /proc}). A process that ends keeps its last count, so the columns never go down; except
 * PostgreSQL's: its backends and parallel workers come and go faster than the process trees are
 * walked, so an ended one is dropped and the CPU of all of them is read from the postmaster, which
 * reaps them (its children's user and system time in {@code /proc/<pid>/stat}). Without that, a
 * plan whose queries run in parallel workers showed their CPU as other processes' (a run marked
 * disturbed for its own database's work).
 */
public final class CpuSampler {
    /**
     * The columns, after {@code timeMs}; each component has {@code <name>CpuMs} and {@code <name>Switches}, and at the row's
     * end {@code <name>ReadBytes}: what its processes read from the disk (not the page cache), {@code read_bytes} of
     * {@code /proc/<pid>/io}.
     */
    public static final List<String> COMPONENTS = List.of("service", "postgresql", "engine", "jmeter", "harness", "versusService",
            "versusPostgresql", "versusEngine");
    /** Comparing two services, side B's components carry this prefix. */
    public static final String VERSUS = "versus";
    public static final List<String> MACHINE = List.of("busyMs", "idleMs", "iowaitMs", "stealMs", "switches", "probes", "probeNs",
            "memoryReads", "memoryNs");
    /**
     * Every this many samples the process trees are walked again (new JMeter runs, new backends) and
     * the context switches read: the costly part of a sample, kept off most of them.
     */
    static final int DISCOVER_EVERY = 4;

    private final OperatingSystem os;
    private final CentralProcessor processor;
    /** The run's processes; read again at every walk of the trees when they start again (a comparison's forks). */
    private Pids pids;
    private final Follow follow;
    /** pid -> {component index, cpu ms, switches, disk read bytes}; a process that ended keeps its last values. */
    private final Map<Long, long[]> seen = new HashMap<>();
    private final Map<Long, ProcessHandle> alive = new HashMap<>();
    /** Each side's postmaster -> its component: the CPU of its ended children is read from it. */
    private final Map<Long, Integer> reapers = new HashMap<>();
    /** Every postmaster seen -> {component, its reaped children's CPU ms as last read}: one that stopped keeps its count. */
    private final Map<Long, long[]> reaped = new HashMap<>();
    /** Per component, the disk reads of its processes that ended and were dropped (PostgreSQL's backends). */
    private final long[] endedReads = new long[COMPONENTS.size()];
    private long samples;
    private final SpeedProbe probe = new SpeedProbe();
    /** Null when the compilers keep their priority (not root, or no warm-up reports to watch). */
    private final JitFirst jitFirst;
    private final MemoryProbe memory = new MemoryProbe();

    /**
     * The processes of a run: each side's service, and its PostgreSQL and engine when they are not the service's children;
     * side A's replicas (counted as the service), remote JMeter engines that happen to run on this machine (load generation,
     * not a disturbance), and the build.
     */
    public record Pids(long service, List<Long> replicas, long postgres, long engine, long versusService, long versusPostgres,
            long versusEngine, List<Long> jmeterEngines, long harness) {
        public Pids {
            replicas = List.copyOf(replicas);
            jmeterEngines = List.copyOf(jmeterEngines);
        }
    }

    /** Where the services are now, when they start again during the run (a comparison's forks). */
    public interface Follow {
        /** The processes now, {@code last} where a ready file cannot say. */
        Pids now(Pids last);

        /** Whether the services are being started again: a service that ended then does not end the sampling. */
        boolean restarting();
    }

    /**
     * 0 for a process that is not there (no side B, no engine, or one this machine cannot see); {@code warmupReports}, when
     * not null, where the plans report the warm-ups' ends: until every side's first one, the JIT compilers run first
     * ({@link JitFirst}, as root).
     */
    public CpuSampler(Pids pids, Path warmupReports) {
        this(pids, warmupReports, null, false);
    }

    /**
     * @param follow where the services are now, when they start again during the run; null: the pids given
     * @param duet   both sides measured at once: one warm-up serves both
     */
    public CpuSampler(Pids pids, Path warmupReports, Follow follow, boolean duet) {
        SystemInfo system = new SystemInfo();
        this.os = system.getOperatingSystem();
        this.processor = system.getHardware().getProcessor();
        this.pids = pids;
        this.follow = follow;
        this.jitFirst = warmupReports != null && JitFirst.allowed()
                ? new JitFirst(warmupReports, pids.versusService() > 0 && !duet ? 2 : 1, follow != null) : null;
    }

    private static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Writes a row every {@code periodMillis} to {@code csv} until the service (or the build) ends, the first row at once;
     * and, when {@code resources} is not null, a {@link ResourceSampler} row there every {@link ResourceSampler#PERIOD_MILLIS}.
     */
    public void run(Path csv, Path resources, long periodMillis) throws IOException, InterruptedException {
        try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
                Writer held = resources == null ? Writer.nullWriter() : Files.newBufferedWriter(resources, StandardCharsets.UTF_8)) {
            out.write(header());
            out.flush();
            held.write(ResourceSampler.header());
            long lastHeld = 0;
            while (true) {
                // A target the run did not start outlives it: then the build's end ends the sampling.
                boolean ended = serviceEnded() || pids.harness() > 0 && !isAlive(pids.harness());
                out.write(row());
                out.flush();
                long now = System.currentTimeMillis();
                if (resources != null && (ended || now - lastHeld >= ResourceSampler.PERIOD_MILLIS)) {
                    held.write(ResourceSampler.row(now, held()));
                    held.flush();
                    lastHeld = now;
                }
                if (ended) {
                    return;
                }
                Thread.sleep(periodMillis);
            }
        }
    }

    /**
     * Whether side A's service has ended for good: not while its services are started again (a comparison's forks), whose
     * marker is looked at before and after its process, so that a restart begun in between is seen.
     */
    private boolean serviceEnded() {
        if (follow == null) {
            return !isAlive(pids.service());
        }
        boolean before = follow.restarting();
        Pids now = follow.now(pids);
        if (isAlive(now.service())) {
            pids = now;
            return false;
        }
        boolean after = follow.restarting();
        return !before && !after && follow.now(pids).service() == now.service();
    }

    /** Side A's processes by component, as the last walk of the process trees found them. */
    private Map<String, List<Long>> held() {
        Map<String, List<Long>> out = new HashMap<>();
        alive.keySet().forEach(pid -> out.computeIfAbsent(COMPONENTS.get((int) seen.get(pid)[0]), c -> new ArrayList<>()).add(pid));
        return out;
    }

    public static String header() {
        StringBuilder h = new StringBuilder("timeMs");
        MACHINE.forEach(c -> h.append(',').append(c));
        COMPONENTS.forEach(c -> h.append(',').append(c).append("CpuMs,").append(c).append("Switches"));
        COMPONENTS.forEach(c -> h.append(',').append(c).append("ReadBytes"));
        return h.append('\n').toString();
    }

    String row() {
        long now = System.currentTimeMillis();
        long[] ticks = processor.getSystemCpuLoadTicks();
        long idle = ticks[TickType.IDLE.getIndex()];
        long iowait = ticks[TickType.IOWAIT.getIndex()];
        long steal = ticks[TickType.STEAL.getIndex()];
        long busy = ticks[TickType.USER.getIndex()] + ticks[TickType.NICE.getIndex()] + ticks[TickType.SYSTEM.getIndex()]
                + ticks[TickType.IRQ.getIndex()] + ticks[TickType.SOFTIRQ.getIndex()];
        long switches = processor.getContextSwitches();
        probe.run();
        memory.run();
        boolean discover = samples++ % DISCOVER_EVERY == 0;
        if (discover) {
            discover();
            if (jitFirst != null) {
                jitFirst.tick(jvms());
            }
        }
        observe(discover);
        long[] cpu = new long[COMPONENTS.size()];
        long[] ctx = new long[COMPONENTS.size()];
        long[] read = endedReads.clone();
        for (long[] p : seen.values()) {
            cpu[(int) p[0]] += p[1];
            ctx[(int) p[0]] += p[2];
            read[(int) p[0]] += p[3];
        }
        reapers.forEach((pid, c) -> {
            long[] r = reaped.computeIfAbsent(pid, k -> new long[] {c, 0});
            r[1] = Math.max(r[1], ReapedCpu.millis(pid));
        });
        reaped.values().forEach(r -> cpu[(int) r[0]] += r[1]);
        StringBuilder r = new StringBuilder().append(now).append(',').append(busy).append(',').append(idle).append(',')
                .append(iowait).append(',').append(steal).append(',').append(switches).append(',').append(probe.runs())
                .append(',').append(probe.cpuNanos()).append(',').append(memory.reads()).append(',').append(memory.cpuNanos());
        for (int i = 0; i < cpu.length; i++) {
            r.append(',').append(cpu[i]).append(',').append(ctx[i]);
        }
        for (long bytes : read) {
            r.append(',').append(bytes);
        }
        return r.append('\n').toString();
    }

    /** Walks the run's process trees (JDK process handles: one native scan each) and files each process under its component. */
    private void discover() {
        if (follow != null) {
            pids = follow.now(pids);
        }
        Map<Long, Integer> component = new HashMap<>();
        side(pids.service(), pids.postgres(), pids.engine(), "", component);
        pids.replicas().forEach(replica -> tree(replica, index("service"), component));
        pids.jmeterEngines().forEach(engine -> tree(engine, index("jmeter"), component));
        if (pids.versusService() > 0) {
            side(pids.versusService(), pids.versusPostgres(), pids.versusEngine(), VERSUS, component);
        }
        ProcessHandle.of(pids.harness()).ifPresent(h -> {
            component.putIfAbsent(h.pid(), index("harness"));
            h.descendants().forEach(p -> component.putIfAbsent(p.pid(), p.info().commandLine().orElse("")
                    .contains("ApacheJMeter") ? index("jmeter") : index("harness")));
        });
        component.putIfAbsent(ProcessHandle.current().pid(), index("harness"));
        reapers.clear();
        component.forEach((pid, c) -> {
            if ((pid == pids.postgres() || pid == pids.versusPostgres()) && ReapedCpu.readable(pid)) {
                reapers.put(pid, c);
            }
        });
        alive.clear();
        component.forEach((pid, c) -> ProcessHandle.of(pid).ifPresent(h -> {
            alive.put(pid, h);
            seen.computeIfAbsent(pid, k -> new long[4])[0] = c;
        }));
    }

    /** The run's JVMs: each side's service and engine, JMeter (PostgreSQL and the build have no JIT of interest). */
    private List<Long> jvms() {
        List<Integer> jit = List.of(index("service"), index("engine"), index("jmeter"), index("versusService"), index("versusEngine"));
        return alive.keySet().stream().filter(pid -> jit.contains((int) seen.get(pid)[0])).toList();
    }

    /** One side's service, what it started (PostgreSQL when its child, the engine), its postmaster and engine elsewhere. */
    private void side(long service, long postmaster, long engine, String prefix, Map<Long, Integer> component) {
        ProcessHandle.of(service).ifPresent(s -> {
            component.put(s.pid(), index(prefix, "service"));
            s.descendants().forEach(p -> component.put(p.pid(), index(prefix, serviceSide(p))));
        });
        tree(postmaster, index(prefix, "postgresql"), component);
        tree(engine, index(prefix, "engine"), component);
    }

    private static void tree(long root, int as, Map<Long, Integer> component) {
        if (root > 0) {
            ProcessHandle.of(root).ifPresent(r -> {
                component.putIfAbsent(r.pid(), as);
                r.descendants().forEach(p -> component.putIfAbsent(p.pid(), as));
            });
        }
    }

    private static int index(String prefix, String component) {
        return index(prefix.isEmpty() ? component : prefix + Character.toUpperCase(component.charAt(0)) + component.substring(1));
    }

    /** Reads the CPU time of every known live process; with {@code switches}, its context switches too (OSHI). */
    private void observe(boolean switches) {
        for (var it = alive.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Long, ProcessHandle> e = it.next();
            long[] p = seen.get(e.getKey());
            if (!e.getValue().isAlive() && reapers.containsValue((int) p[0]) && !reapers.containsKey(e.getKey())) {
                // Ended: its CPU is now in its postmaster's reaped children's time; its disk reads are kept here.
                endedReads[(int) p[0]] += p[3];
                seen.remove(e.getKey());
                it.remove();
                continue;
            }
            e.getValue().info().totalCpuDuration().ifPresent(d -> p[1] = d.toMillis());
            if (switches) {
                OSProcess osp = os.getProcess((int) (long) e.getKey());
                if (osp != null) {
                    p[2] = osp.getContextSwitches();
                    p[3] = Math.max(p[3], osp.getBytesRead());
                }
            }
        }
    }

    /** What a service started: PostgreSQL (when its child) or the engine's processes. */
    private static String serviceSide(ProcessHandle p) {
        String cmd = p.info().command().orElse("");
        return cmd.endsWith("/postgres") || cmd.equals("postgres") ? "postgresql" : "engine";
    }

    private static int index(String component) {
        return COMPONENTS.indexOf(component);
    }
}
