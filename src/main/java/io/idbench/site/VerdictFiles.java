package io.idbench.site;

import io.idbench.common.Json;
import io.idbench.results.NightlyVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The newest runs' verdict beside the site: verdict.txt (its lines), verdict.json (per series) and verdict.xml (JUnit). */
final class VerdictFiles {
    private VerdictFiles() {
    }

    static void write(NightlyVerdict verdict, Path siteRoot) throws IOException {
        Files.write(siteRoot.resolve("verdict.txt"), verdict.lines());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (NightlyVerdict.Entry e : verdict.latest()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", e.run().scenario());
            m.put("runId", e.run().runId());
            m.put("page", e.run().page());
            m.put("baseline", e.baseline());
            m.put("regressions", e.regressions());
            m.put("changes", e.changes());
            m.put("noVerdict", e.noVerdict());
            m.put("judged", e.judged().stream().filter(j -> j.change() != null).map(NightlyVerdict.Judged::change).toList());
            entries.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("minEffectPct", verdict.minEffectPct());
        out.put("regressed", verdict.anyRegression());
        out.put("series", entries);
        Json.mapper().writerWithDefaultPrettyPrinter().writeValue(siteRoot.resolve("verdict.json").toFile(), out);
        VerdictJunit.write(verdict, siteRoot.resolve(VerdictJunit.FILE));
    }
}
