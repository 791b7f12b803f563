package io.idbench.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the system under test holds, as a CSV row every {@link #PERIOD_MILLIS}: the memory (proportional set size, so the
 * shared buffers PostgreSQL's backends all map are counted once), open file descriptors and threads of the service,
 * PostgreSQL and the engine, and PostgreSQL's client connections. Over a long run a leak shows as a slope in one of them.
 */
public final class ResourceSampler {
    /** Often enough to draw an hour as a curve, seldom enough that walking {@code /proc} costs nothing measurable. */
    public static final long PERIOD_MILLIS = 10_000;
    /** The components sampled (side A's system under test). */
    public static final List<String> COMPONENTS = List.of("service", "postgresql", "engine");
    /** The columns of each component, after {@code timeMs}: {@code <component><Column>}. */
    public static final List<String> MEASURES = List.of("PssKb", "Fds", "Threads");
    /** PostgreSQL's client connections, the last column. */
    public static final String CONNECTIONS = "postgresqlConnections";
    /** A backend serving a client over TCP or a socket: its process title names user, database and peer. */
    private static final Pattern CLIENT_BACKEND = Pattern.compile("^postgres: \\S+ \\S+ (\\[local]|\\S+\\(\\d+\\))");

    private ResourceSampler() {
    }

    public static String header() {
        StringBuilder h = new StringBuilder("timeMs");
        COMPONENTS.forEach(c -> MEASURES.forEach(m -> h.append(',').append(c).append(m)));
        return h.append(',').append(CONNECTIONS).append('\n').toString();
    }

    /** One row at {@code now}: each component's processes (pids, live or just ended) summed. */
    public static String row(long now, Map<String, List<Long>> processes) {
        StringBuilder r = new StringBuilder().append(now);
        int connections = 0;
        for (String component : COMPONENTS) {
            long pss = 0;
            long fds = 0;
            long threads = 0;
            for (long pid : processes.getOrDefault(component, List.of())) {
                Path proc = Path.of("/proc", Long.toString(pid));
                pss += pssKb(proc);
                fds += count(proc.resolve("fd"));
                threads += count(proc.resolve("task"));
                if (component.equals("postgresql") && isClientBackend(proc)) {
                    connections++;
                }
            }
            r.append(',').append(pss).append(',').append(fds).append(',').append(threads);
        }
        return r.append(',').append(connections).append('\n').toString();
    }

    /** The process's proportional set size in kB ({@code /proc/<pid>/smaps_rollup}); 0 when it ended or cannot be read. */
    static long pssKb(Path proc) {
        try (Stream<String> lines = Files.lines(proc.resolve("smaps_rollup"))) {
            return lines.filter(l -> l.startsWith("Pss:")).findFirst()
                    .map(l -> Long.parseLong(l.substring(4).trim().split("\\s+")[0])).orElse(0L);
        } catch (IOException | RuntimeException e) {
            return 0; // the process ended between the walk and the read
        }
    }

    private static long count(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static boolean isClientBackend(Path proc) {
        try {
            byte[] cmdline = Files.readAllBytes(proc.resolve("cmdline"));
            String title = new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' ');
            return CLIENT_BACKEND.matcher(title).find();
        } catch (IOException e) {
            return false;
        }
    }
}
