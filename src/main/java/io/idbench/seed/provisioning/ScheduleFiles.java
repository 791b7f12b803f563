package io.idbench.seed.provisioning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** Plan 5's schedule as the prepare step writes it, one file per job ({@code job-<n>.csv}, {@link Step#csv()} lines), read back. */
public final class ScheduleFiles {
    private ScheduleFiles() {
    }

    /** The file of job {@code n} in {@code dir}. */
    public static Path job(Path dir, int n) {
        return dir.resolve("job-" + n + ".csv");
    }

    /** Every job's steps, job by job, each job's in its order. */
    public static List<Step> read(Path dir) throws IOException {
        List<Step> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path job : files.filter(p -> p.getFileName().toString().matches("job-\\d+\\.csv")).sorted().toList()) {
                Files.readAllLines(job).stream().map(Step::parse).forEach(out::add);
            }
        }
        return out;
    }

    /** Per cycle, the objects its steps name: its users (and the groups it creates), each once. */
    public static Map<Integer, Long> objectsPerCycle(List<Step> steps) {
        Map<Integer, Set<String>> named = new HashMap<>();
        for (Step s : steps) {
            Set<String> of = named.computeIfAbsent(s.cycle(), k -> new HashSet<>());
            if (s.user() != null) {
                of.add("u:" + s.user());
            }
            if (s.kind() == Step.Kind.CREATE_GROUP) {
                of.add("g:" + s.group());
            }
        }
        Map<Integer, Long> out = new HashMap<>();
        named.forEach((cycle, names) -> out.put(cycle, (long) names.size()));
        return out;
    }
}
