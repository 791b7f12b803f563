package io.idbench.site;

import io.idbench.record.RunRecord;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Every recorded run, newest first, failed and interrupted ones with their reason. */
final class RunsPage {
    private RunsPage() {
    }

    static Page build(RunHistory history) {
        List<RecordedRun> runs = new ArrayList<>(history.all());
        Collections.reverse(runs);
        return new Page("runs.html", "runs", "All runs", Map.of("runs", runs, "schemaVersion", RunRecord.SCHEMA_VERSION), List.of());
    }
}
