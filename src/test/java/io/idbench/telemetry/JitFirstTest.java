package io.idbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JIT compilers of a JVM (this one) run first until the first warm-up report appears, then at the load's priority again. */
class JitFirstTest {
    @TempDir
    Path warmup;

    /** The nice value of a thread: field 19 of /proc/<pid>/task/<tid>/stat, counted after the command's closing parenthesis. */
    private static int nice(long tid) throws IOException {
        long pid = ProcessHandle.current().pid();
        String stat = Files.readString(Path.of("/proc", "" + pid, "task", "" + tid, "stat"));
        return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
    }

    @Test
    void compilersRunFirstUntilEverySideWarmedUpOnce() throws IOException {
        assumeTrue(JitFirst.allowed(), "only root may raise a thread's priority");
        long self = ProcessHandle.current().pid();
        List<Long> compilers = JitFirst.compilerThreads(self);
        assertThat(compilers).as("this JVM's C1 and C2 compiler threads").isNotEmpty();
        JitFirst jit = new JitFirst(warmup, 2, false);

        jit.tick(List.of(self));
        for (long tid : compilers) {
            assertThat(nice(tid)).as("compiler thread " + tid + " during the first warm-up").isEqualTo(JitFirst.RAISED);
        }
        Files.writeString(warmup.resolve("warmup-0.json"), "{\"steady\":false,\"windows\":[]}");
        Files.writeString(warmup.resolve("warmup-0B.json"), "{\"steady\":true,\"windows\":[]}");
        jit.tick(List.of(self));
        assertThat(nice(compilers.get(0))).as("side A still warms up (a report is rewritten every window)").isEqualTo(JitFirst.RAISED);

        Files.writeString(warmup.resolve("warmup-0.json"), "{\"steady\":true,\"windows\":[]}");
        jit.tick(List.of(self));
        for (long tid : compilers) {
            assertThat(nice(tid)).as("compiler thread " + tid + " after every side's first warm-up").isZero();
        }
    }
}
