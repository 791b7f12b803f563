package io.idbench.results;

import io.idbench.record.WarmUp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The plans' warm-up reports of a run ({@code warmup-<rep>.json}, and {@code warmup-<rep>@<host>_<port>.json} from each remote
 * engine, which decides its own steady state); an engine on another host keeps its report there.
 *
 * @param dir where the build's JMeter and the engines on this machine wrote them (it need not exist)
 */
public record WarmUpReports(Path dir) {

    /** The build's JMeter's warm-up of a repetition. */
    public Optional<WarmUp> of(int repetition, RunStatistics.Result stats) {
        return WarmUpReport.of(dir.resolve("warmup-" + repetition + ".json"), stats);
    }

    /** Each remote engine's warm-up of a repetition, by engine (host:port). */
    public Map<String, WarmUp> byEngine(int repetition, RunStatistics.Result stats) {
        Map<String, WarmUp> out = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<Path> reports = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, "warmup-" + repetition + "@*.json")) {
            found.forEach(reports::add);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list the warm-up reports in " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(reports);
        for (Path report : reports) {
            String name = report.getFileName().toString();
            String engine = name.substring(name.indexOf('@') + 1, name.length() - ".json".length());
            int port = engine.lastIndexOf('_');
            WarmUpReport.of(report, stats).ifPresent(w -> out.put(engine.substring(0, port) + ":" + engine.substring(port + 1), w));
        }
        return out;
    }
}
