package io.idbench.run;

import io.idbench.common.FileTrees;
import io.idbench.seed.provisioning.ProvisioningSchedule;
import io.idbench.seed.provisioning.ScheduleFiles;
import io.idbench.seed.provisioning.Step;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/** Plan 5's inputs: each job's steps in a file of its own, and the properties that tell JMeter's jobs where and how to run. */
final class ProvisioningJobs {
    /** Okta's group push: membership changes of one group per PATCH (up to 256 have been seen; 100 is this plan's). */
    static final int OKTA_BATCH = 100;
    /** The slowest pace the run's time bound allows for: requests per second per job, when the target cannot keep the rate. */
    static final int SLOWEST_RATE = 5;
    /** Seconds an audit may take per 1,000 users, for the bound. */
    static final int AUDIT_SECONDS_PER_1000 = 10;

    private ProvisioningJobs() {
    }

    /** The prefix of every name a run provisions: its own, so that runs never meet (lower case: Keycloak folds userName). */
    static String prefix(RunSettings s) {
        return "prov-" + s.runId.toLowerCase(Locale.ROOT);
    }

    /** Writes job-<n>.csv per job into {@code dir} (emptied first). */
    static ProvisioningSchedule write(RunSettings s, Path dir) throws IOException {
        ProvisioningSchedule schedule = s.provisioning.schedule(prefix(s), s.users, s.threads);
        FileTrees.empty(dir);
        Files.createDirectories(dir);
        List<BufferedWriter> jobs = new ArrayList<>();
        try {
            for (int j = 0; j < s.threads; j++) {
                jobs.add(Files.newBufferedWriter(ScheduleFiles.job(dir, j)));
            }
            for (Step step : schedule.steps()) {
                BufferedWriter w = jobs.get(step.job());
                w.write(step.csv());
                w.newLine();
            }
        } finally {
            for (BufferedWriter w : jobs) {
                w.close();
            }
        }
        return schedule;
    }

    /**
     * The jobs' properties: the client, the schedule and its segments, the pace, and bounds that let the slowest target finish
     * (every request at {@link #SLOWEST_RATE} per job, every audit at {@link #AUDIT_SECONDS_PER_1000}) while a run still stops
     * by itself.
     */
    static Properties properties(RunSettings s, ProvisioningSchedule schedule, Path dir) {
        Properties p = new Properties();
        p.setProperty("client", s.provisioning.client().id());
        p.setProperty("provisioning.schedule.dir", dir.toAbsolutePath().toString());
        p.setProperty("provisioning.prefix", prefix(s));
        p.setProperty("provisioning.segments", String.join(",", schedule.segments()));
        p.setProperty("provisioning.segments.count", "" + schedule.segments().size());
        p.setProperty("provisioning.rate", "" + s.provisioning.rate());
        p.setProperty("provisioning.batch", "" + OKTA_BATCH);
        // A step is two requests at most (a lookup and a create; Okta's read and PUT), an import a page per 100 objects.
        long requests = 2L * schedule.steps().size() + (s.provisioning.cycles() + 1) * (s.users / 50 + 2);
        long seconds = requests / ((long) s.threads * SLOWEST_RATE) + (s.provisioning.cycles() + 1) * (s.users / 1000 + 1)
                * AUDIT_SECONDS_PER_1000 + JmeterProperties.SLACK_SECONDS;
        p.setProperty("max.seconds", "" + seconds);
        p.setProperty("barrier.timeout", "" + 1000L * seconds);
        return p;
    }
}
