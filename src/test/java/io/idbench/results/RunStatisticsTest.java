package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Distribution;
import io.idbench.record.LabelSummary;
import io.idbench.record.ServerSummary;
import io.idbench.record.Side;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Statistics from a small JTL whose every figure was computed by hand (see the comments). */
class RunStatisticsTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

    @TempDir
    Path dir;

    /** search: 10 samples of 1 … 10 ms, every 100 ms from 3000; create: 5, 5, 5, 100 ms, the last failed. */
    private static String jtl() {
        StringBuilder s = new StringBuilder(HEADER);
        s.append("1000,999,search,200,OK,t 1-1,text,true,,10,10,2,2,http://127.0.0.1/x,999,0,0\n"); // warm-up
        s.append("2000,50,search,200,OK,t 1-1,text,true,,10,10,1,1,http://127.0.0.1/x,50,0,0\n"); // one thread only
        for (int i = 0; i < 10; i++) {
            s.append(3000 + 100 * i).append(',').append(i + 1).append(",search,200,OK,t 1-1,text,true,,10,10,2,2,u,1,0,0\n");
        }
        s.append("3000,5,create,201,Created,t 1-2,text,true,,10,10,2,2,u,5,0,0\n");
        s.append("3100,5,create,201,Created,t 1-2,text,true,,10,10,2,2,u,5,0,0\n");
        s.append("3200,5,create,201,Created,t 1-2,text,true,,10,10,2,2,u,5,0,0\n");
        s.append("3300,100,create,500,Error,t 1-2,text,false,\"expected 201, got 500\",10,10,2,2,u,100,0,0\n");
        return s.toString();
    }

    @Test
    void everyFigureMatchesTheHandComputedOnes() throws Exception {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, jtl());
        check(RunStatistics.of(file, 2000, 2));
    }

    @Test
    void compressedResultsReadTheSame() throws Exception {
        Path file = dir.resolve("run.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(jtl().getBytes(StandardCharsets.UTF_8));
        }
        check(RunStatistics.of(file, 2000, 2));
    }

    @Test
    void repetitionsAndSidesAreToldApartAndTheTailAfterTheFirstThreadFinishedIsLeftOut() throws Exception {
        String header = HEADER.trim() + ",\"phase\",\"serverMs\",\"serverCpuMs\",\"rep\",\"side\"\n";
        StringBuilder s = new StringBuilder(header);
        s.append("900,1,Authenticate,200,OK,t 1-1,text,true,,1,1,1,1,u,1,0,0,login,,,null,null\n");
        for (int rep = 1; rep <= 2; rep++) {
            for (String side : new String[] {"B", "A"}) {
                long t0 = 10_000L * rep + (side.equals("A") ? 5_000 : 0);
                s.append(t0 - 1000).append(",3,read,200,OK,t 1-1,text,true,,1,1,2,2,u,1,0,0,warmup,1.0,0.1,").append(rep).append(',')
                        .append(side).append('\n');
                // thread 1 measures 0..300 ms, thread 2 0..500 ms: the last 200 ms run with one thread only.
                for (int i = 0; i < 4; i++) {
                    s.append(t0 + 100L * i).append(",10,read,200,OK,t 1-1,text,true,,1,1,2,2,u,1,0,0,measure,2.5,0.2,").append(rep)
                            .append(',').append(side).append('\n');
                }
                for (int i = 0; i < 6; i++) {
                    s.append(t0 + 100L * i).append(",10,read,200,OK,t 1-2,text,true,,1,1,2,2,u,1,0,0,measure,2.5,0.2,").append(rep)
                            .append(',').append(side).append('\n');
                }
            }
        }
        Path file = dir.resolve("parts.csv");
        Files.writeString(file, s);
        Map<RunStatistics.Part, RunStatistics.Result> parts = RunStatistics.byPart(file, 2);
        assertThat(parts.keySet()).as("in the order they ran").containsExactly(new RunStatistics.Part(1, Side.B),
                new RunStatistics.Part(1, Side.A), new RunStatistics.Part(2, Side.B), new RunStatistics.Part(2, Side.A));
        RunStatistics.Result a1 = parts.get(new RunStatistics.Part(1, Side.A));
        // Thread 1 ended its last sample at 310 ms: thread 2's samples ending after that (at 410 and 510) are left out.
        assertThat(a1.labels().get("read").samples()).isEqualTo(8);
        assertThat(a1.partialConcurrencySamples()).isEqualTo(2);
        assertThat(a1.warmUpSamples()).isEqualTo(1);
        assertThat(a1.measured()).isEqualTo(new RunStatistics.Window(15_000, 15_310));
        assertThat(a1.labels().get("read").server().cpuUs()).isEqualTo(200.0);
        assertThat(a1.excludedPhases()).as("a sample of no repetition (the login) counts with the first").containsEntry("login", 1L);
    }

    @Test
    void aSettlingRepetitionIsMeasuredAsAPartOfItsOwnAndLeftOutOfEverythingElse() throws Exception {
        String header = HEADER.trim() + ",\"phase\",\"serverMs\",\"serverCpuMs\",\"rep\",\"side\"\n";
        StringBuilder s = new StringBuilder(header);
        for (int rep = 0; rep <= 1; rep++) {
            String phase = rep == 0 ? RunStatistics.SETTLE : RunStatistics.MEASURE;
            for (int i = 0; i < 4; i++) {
                s.append(10_000L * (rep + 1) + 100L * i).append(',').append(rep == 0 ? 20 : 10)
                        .append(",read,200,OK,t 1-1,text,true,,1,1,1,1,u,1,0,0,")
                        .append(phase).append(",2.5,0.2,").append(rep).append(",A\n");
            }
        }
        Path file = dir.resolve("settle.csv");
        Files.writeString(file, s);
        Map<RunStatistics.Part, RunStatistics.Result> parts = RunStatistics.byPart(file, 1);
        assertThat(parts.keySet()).containsExactly(new RunStatistics.Part(0, Side.A), new RunStatistics.Part(1, Side.A));
        assertThat(parts.keySet()).extracting(RunStatistics.Part::settling).containsExactly(true, false);
        assertThat(parts.get(new RunStatistics.Part(0, Side.A)).labels().get("read").p50()).isEqualTo(20);
        assertThat(parts.get(new RunStatistics.Part(1, Side.A)).labels().get("read").p50()).isEqualTo(10);
        RunStatistics.Result whole = RunStatistics.of(file, 0, 1);
        assertThat(whole.labels().get("read").samples()).isEqualTo(4);
        assertThat(whole.excludedPhases()).containsEntry(RunStatistics.SETTLE, 4L);
    }

    private static void check(RunStatistics.Result r) {
        assertThat(r.warmUpSamples()).isEqualTo(1);
        assertThat(r.partialConcurrencySamples()).isEqualTo(1);
        assertThat(r.labels()).containsOnlyKeys("create", "search", RunStatistics.ALL);

        LabelSummary search = r.labels().get("search");
        // 1 … 10: mean 5.5; p50 is the 5th value, p90 the 9th, p95 and above the 10th.
        assertThat(search).isEqualTo(new LabelSummary(10, 0, 0.0, search.throughput(), 5.5, 1, 5, 9, 10, 10, 10, 10, null));
        // From the first start (3000) to the last end (3900 + 10): 10 samples in 0.91 s.
        assertThat(search.throughput()).isCloseTo(10 / 0.91, within(1e-9));

        LabelSummary create = r.labels().get("create");
        // 5, 5, 5, 100: mean 28.75; p50 the 2nd value, p90 the 4th; 4 samples in 3000 … 3400.
        assertThat(create).isEqualTo(new LabelSummary(4, 1, 0.25, 10.0, 28.75, 5, 5, 100, 100, 100, 100, 100, null));

        LabelSummary all = r.labels().get(RunStatistics.ALL);
        // 1 2 3 4 5 5 5 5 6 7 8 9 10 100: mean 170 / 14, p50 the 7th (5), p90 the 13th (10), p99 the 14th.
        assertThat(all.samples()).isEqualTo(14);
        assertThat(all.errors()).isEqualTo(1);
        assertThat(all.mean()).isCloseTo(170.0 / 14, within(1e-9));
        assertThat(new long[] {all.min(), all.p50(), all.p90(), all.p99(), all.max()}).containsExactly(1, 5, 10, 100, 100);
        assertThat(all.throughput()).isCloseTo(14 / 0.91, within(1e-9));
    }

    /**
     * The idbench plans save each sample's phase and the service's own time: only the measure phase
     * counts, the others are counted by name, and the server times keep their µs.
     */
    @Test
    void phasesAndServerTimesFromThePlansSampleVariables() throws Exception {
        Path file = dir.resolve("phases.csv");
        Files.writeString(file, "timeStamp,elapsed,label,success,allThreads,phase,serverMs\n"
                + "1000,40,Authenticate,true,1,login,\n"
                + "1100,3,Populate,true,2,populate,2.5\n"
                + "1200,3,Populate,true,2,populate,2.5\n"
                + "1300,9,read,true,2,warmup,8.0\n"
                + "2000,1,read,true,2,measure,0.250\n"
                + "2001,1,read,true,2,measure,0.500\n"
                + "2002,2,read,false,2,measure,1.250\n"
                + "2003,7,read,true,1,measure,6.0\n");
        RunStatistics.Result r = RunStatistics.of(file, 0, 2);
        assertThat(r.excludedPhases()).containsExactly(entry("login", 1L), entry("populate", 2L), entry("warmup", 1L));
        assertThat(r.warmUpSamples()).isEqualTo(1);
        assertThat(r.partialConcurrencySamples()).isEqualTo(1);
        LabelSummary read = r.labels().get("read");
        assertThat(new long[] {read.samples(), read.errors(), read.min(), read.p50(), read.max()}).containsExactly(3, 1, 1, 1, 2);
        // 250, 500, 1250 µs: mean 666.67 µs; p50 the 2nd; p90 and max the 3rd.
        assertThat(read.server()).isEqualTo(new ServerSummary(3, 0.667, 0.5, 1.25, 1.25, 1.25, 1.25, null));
    }

    @Test
    void aFileWithoutARequiredColumnIsRefusedByName() throws Exception {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "timeStamp,elapsed,label,success\n1000,5,x,true\n");
        assertThatThrownBy(() -> RunStatistics.of(file, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " has no column 'allThreads' (columns: [timeStamp, elapsed, label, success])");
    }

    @Test
    void aNonNumericFieldIsReportedWithItsLine() throws Exception {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, HEADER + "1000,5,x,200,OK,t,text,true,,1,1,1,1,u,1,0,0\nsoon,5,x,200,OK,t,text,true,,1,1,1,1,u,1,0,0\n");
        assertThatThrownBy(() -> RunStatistics.of(file, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " line 3: not a number: For input string: \"soon\"");
    }

    /** search's 1 … 10 ms fall in the buckets (0,1] (1,2] (2,3] (3,4] (4,6] (6,8] (8,12]; create's 5, 5, 5, 100 ms in (4,6] and (96,128]. */
    @Test
    void theDistributionBucketsAndPercentilesAreTheHandComputedOnes() throws Exception {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, jtl());
        RunStatistics.Result r = RunStatistics.of(file, 2000, 2);
        assertThat(r.distributions()).containsOnlyKeys("create", "search", RunStatistics.ALL);

        Distribution search = r.distributions().get("search");
        assertThat(search.histogram()).containsExactly(new Distribution.Bucket(0, 1, 1), new Distribution.Bucket(1, 2, 1),
                new Distribution.Bucket(2, 3, 1), new Distribution.Bucket(3, 4, 1), new Distribution.Bucket(4, 6, 2),
                new Distribution.Bucket(6, 8, 2), new Distribution.Bucket(8, 12, 2));
        assertThat(search.percentiles()).hasSize(Distributions.PERCENTILES.length)
                .contains(new Distribution.Point(0, 1), new Distribution.Point(50, 5), new Distribution.Point(90, 9),
                        new Distribution.Point(100, 10));

        Distribution create = r.distributions().get("create");
        assertThat(create.histogram()).first().isEqualTo(new Distribution.Bucket(4, 6, 3));
        assertThat(create.histogram()).last().isEqualTo(new Distribution.Bucket(96, 128, 1));
        assertThat(create.histogram()).extracting(Distribution.Bucket::count).containsOnly(3L, 0L, 1L);
        assertThat(r.distributions().get(RunStatistics.ALL).histogram()).extracting(Distribution.Bucket::count)
                .startsWith(1L, 1L, 1L, 1L, 5L, 2L, 2L);
    }

    @Test
    void bucketBoundsGrowByHalfPowersOfTwo() {
        assertThat(Distributions.upperBounds(1)).containsExactly(1L);
        assertThat(Distributions.upperBounds(100)).containsExactly(1L, 2L, 3L, 4L, 6L, 8L, 12L, 16L, 24L, 32L, 48L, 64L, 96L, 128L);
    }
}
