package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Timeline;
import io.idbench.record.Timeline.Slice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A soak's timeline: slices of ten minutes (or a sixth of a shorter run), their figures, and slopes that tell a leak. */
class TimelinesTest {
    private static final long T0 = 1_790_000_000_000L;

    /** One sample every 10 ms for {@code seconds}; elapsed {@code millis(i)}; every 1,000th an error. */
    private static Timelines.Samples steady(int seconds, java.util.function.IntToLongFunction millis) {
        Timelines.Samples samples = new Timelines.Samples();
        for (int i = 0; i < seconds * 100; i++) {
            long start = T0 + i * 10L;
            long elapsed = millis.applyAsLong(i);
            samples.add(start, start + elapsed, elapsed, i % 1000 != 999);
        }
        return samples;
    }

    /** A resource row every 10 s: the service's memory grows by {@code leakKbPerRow}, the rest stays. */
    private static List<Map<String, Long>> resources(int seconds, long leakKbPerRow) {
        List<Map<String, Long>> rows = new ArrayList<>();
        for (int s = 0; s <= seconds; s += 10) {
            Map<String, Long> row = new LinkedHashMap<>();
            row.put("timeMs", T0 + s * 1000L);
            row.put("servicePssKb", 400_000 + s / 10 * leakKbPerRow);
            row.put("serviceFds", 120L);
            row.put("serviceThreads", 60L);
            row.put("postgresqlPssKb", 300_000L);
            row.put("postgresqlFds", 500L);
            row.put("postgresqlConnections", 10L + (s / 10) % 2); // wobbles, no trend
            row.put("enginePssKb", 0L);
            rows.add(row);
        }
        return rows;
    }

    @Test
    void anHourIsSixSlicesOfTenMinutesWithTheirFigures() {
        Timeline t = Timelines.of(steady(3600, i -> 2 + i % 3), resources(3600, 0));
        assertThat(t.sliceSeconds()).isEqualTo(600);
        assertThat(t.slices()).hasSize(6);
        Slice first = t.slices().get(0);
        assertThat(first.samples()).isEqualTo(60_000);
        assertThat(first.errors()).isEqualTo(60);
        assertThat(first.throughput()).isCloseTo(100, within(0.1));
        assertThat(first.p95Ms()).isEqualTo(4);
        assertThat(first.servicePssBytes()).isEqualTo(400_000 * 1024.0);
        assertThat(first.enginePssBytes()).as("no engine ran: no memory of one").isNull();
        assertThat(t.slices()).extracting(Slice::samples).containsOnly(60_000L);
        assertThat(t.perHour().get("servicePssBytes").grows()).isFalse();
        assertThat(t.perHour().get("postgresqlConnections").grows()).isFalse();
        assertThat(t.perHour()).doesNotContainKey("enginePssBytes");
    }

    @Test
    void aLeakIsASlopeWhoseIntervalLiesAboveZero() {
        // 1 MiB more every 10 s: 360 MiB an hour.
        Timeline t = Timelines.of(steady(3600, i -> 2), resources(3600, 1024));
        Timeline.Slope leak = t.perHour().get("servicePssBytes");
        assertThat(leak.grows()).isTrue();
        assertThat(leak.value() / (1024 * 1024)).isCloseTo(360, within(1.0));
        assertThat(t.perHour().get("serviceFds").value()).isZero();
    }

    @Test
    void aSlowingServiceShowsInTheP95Slope() {
        Timeline t = Timelines.of(steady(3600, i -> 2 + i / 36_000), List.of()); // +1 ms every 6 min
        assertThat(t.perHour().get("p95Ms").grows()).isTrue();
        assertThat(t.perHour().get("p95Ms").value()).isCloseTo(10, within(1.5));
        assertThat(t.slices().get(0).servicePssBytes()).as("no resource rows: none recorded").isNull();
    }

    @Test
    void aShorterRunIsCutIntoSixths() {
        Timeline t = Timelines.of(steady(90, i -> 3), resources(90, 0));
        assertThat(t.sliceSeconds()).isCloseTo(15, within(0.01));
        assertThat(t.slices()).hasSize(6);
        assertThat(t.slices()).extracting(Slice::samples).allSatisfy(n -> assertThat(n).isBetween(1_490L, 1_510L));
    }

    @Test
    void slicesAreNamedAsPeopleSayThem() {
        assertThat(Timelines.named(600)).isEqualTo("10 min");
        assertThat(Timelines.named(15)).isEqualTo("15 s");
        assertThat(Timelines.sliceSeconds(3599.99)).as("an hour's run a few ms short").isEqualTo(600);
        assertThat(Timelines.sliceSeconds(3000)).isEqualTo(500);
    }

    @Test
    void onlyASingleMeasuredRepetitionOfAMinuteOrMoreIsASoak() {
        assertThat(Timelines.applies(1, 60)).isTrue();
        assertThat(Timelines.applies(1, 59.9)).isFalse();
        assertThat(Timelines.applies(2, 3600)).isFalse();
    }

    @Test
    void readsTheSamplersRowsAndSkipsOneCutShort(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("resources.csv");
        Files.writeString(csv, "timeMs,servicePssKb,serviceFds\n1,2,3\n4,5,6\n7,8\n");
        assertThat(Timelines.readResources(csv)).containsExactly(Map.of("timeMs", 1L, "servicePssKb", 2L, "serviceFds", 3L),
                Map.of("timeMs", 4L, "servicePssKb", 5L, "serviceFds", 6L));
    }
}
