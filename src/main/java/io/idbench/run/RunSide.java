package io.idbench.run;

import java.nio.file.Path;
import java.util.Map;

/** What a run record opens with, for either side of a run: {@link PreparedRun} and its versus side implement it with their components. */
interface RunSide {
    String scenario();

    String runId();

    String recordDir();

    Map<String, String> parameters();

    Map<String, String> parameterOrigins();

    String scenarioFile();

    default Path recordPath() {
        return Path.of(recordDir());
    }
}
