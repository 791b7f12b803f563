package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Provisioning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan 5's cycles from a JTL: requests, failures by code, span and pace per cycle, and what each audit wrote. */
class ProvisioningCyclesTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,threadName,success,failureMessage,grpThreads,allThreads,"
            + "phase,serverMs,serverCpuMs,rep,side";
    @TempDir
    Path dir;

    private static String row(long start, long elapsed, String label, String code, String thread, String phase, int rep) {
        return start + "," + elapsed + "," + label + "," + code + "," + thread + "," + code.startsWith("2") + ",,2,2," + phase + ",,,"
                + rep + ",A";
    }

    @Test
    void eachCycleHasItsRequestsFailuresSpanPaceAndAudit() throws Exception {
        List<String> jtl = new ArrayList<>(List.of(HEADER));
        jtl.add(row(1_000, 5, "Present: create user", "201", "jobs 1-1", "populate", 0));
        // The initial cycle: job 1 sends every 40 ms (25/s), job 2 every 80 ms (12.5/s), one 429 among them.
        for (int i = 0; i < 30; i++) {
            jtl.add(row(10_000 + 40L * i, 3, "Create user", i == 7 ? "429" : "201", "jobs 1-1", "settle", 0));
            jtl.add(row(10_000 + 80L * i, 3, "Create user", "201", "jobs 1-2", "settle", 0));
        }
        jtl.add(row(13_000, 400, "Audit after cycle 0", "200", "jobs 1-1", "audit", 0));
        // Cycle 1: a wait at the barrier (5 s) between the users and the groups does not count against the pace.
        for (int i = 0; i < 25; i++) {
            jtl.add(row(20_000 + 40L * i, 3, "Update user", "200", "jobs 1-1", "measure", 1));
            jtl.add(row(26_000 + 40L * i, 3, "Add member", i < 2 ? "500" : "204", "jobs 1-1", "measure", 1));
        }
        Path file = dir.resolve("provisioning.csv");
        Files.write(file, jtl);
        Files.write(dir.resolve("audit-0.txt"), List.of());
        Files.write(dir.resolve("audit-1.txt"), List.of("group p.g1: 2 members, meant 1; holds p.u2"));

        Provisioning p = ProvisioningCycles.of(file, dir, Map.of(-1, 1L, 0, 60L, 1, 25L), "okta", 2, 25, 60);

        assertThat(p.cycles()).extracting(Provisioning.Cycle::cycle).containsExactly(-1, 0, 1);
        Provisioning.Cycle present = p.cycles().get(0);
        assertThat(present.requests()).isEqualTo(1);
        assertThat(present.audit()).as("not audited: made before the initial cycle").isNull();
        Provisioning.Cycle initial = p.cycles().get(1);
        assertThat(initial.requests()).as("the audit is not a request").isEqualTo(60);
        assertThat(initial.errors()).containsExactly(Map.entry("429", 1L));
        assertThat(initial.seconds()).isEqualTo((10_000 + 80 * 29 + 3 - 10_000) / 1000.0);
        assertThat(initial.slowestJob()).as("job 2's pace").isCloseTo(12.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(initial.held()).isTrue();
        Provisioning.Cycle cycle1 = p.cycles().get(2);
        assertThat(cycle1.slowestJob()).as("the barrier's wait left out").isCloseTo(25.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(cycle1.errors()).containsExactly(Map.entry("500", 2L));
        assertThat(cycle1.held()).isFalse();
        assertThat(cycle1.audit()).containsExactly("group p.g1: 2 members, meant 1; holds p.u2");
        assertThat(p.failures()).isEqualTo(3);
        assertThat(p.quarantined()).isFalse();
        assertThat(p.keptPace()).as("job 2 sent half its rate").isFalse();
        assertThat(p.secondsPer1000Users()).isCloseTo(initial.seconds() * 1000 / 60, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void entraQuarantinesFromFiveThousandFailuresOverFortyPercentOrAboveFortyThousand() {
        assertThat(withFailures(5_000, 12_000).quarantined()).as("5,000 and 41.7 %").isTrue();
        assertThat(withFailures(5_000, 12_600).quarantined()).as("5,000 and 39.7 %").isFalse();
        assertThat(withFailures(4_999, 5_000).quarantined()).as("under 5,000").isFalse();
        assertThat(withFailures(40_001, 1_000_000).quarantined()).as("above 40,000 whatever the share").isTrue();
    }

    private static Provisioning withFailures(long failed, long requests) {
        return new Provisioning("entra", 1, 25, 1, List.of(new Provisioning.Cycle(0, 1, requests, Map.of("500", failed), 1, 25.0,
                List.of())));
    }
}
