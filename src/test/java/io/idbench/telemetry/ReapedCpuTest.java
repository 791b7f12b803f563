package io.idbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.StartsServers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

@StartsServers
class ReapedCpuTest {

    @Test
    void readsTheChildrensUserAndSystemTicksAfterTheCommand() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
        String stat = "4242 (postgres: a) (b)) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 1234 766 20 0 1 0 1000 0 0";
        assertThat(ReapedCpu.millisOf(stat, 100)).isEqualTo(20_000);
        assertThat(ReapedCpu.millisOf(stat, 250)).isEqualTo(8_000);
    }

    @Test
    void anEndedChildsCpuIsCountedOnceItsParentReapedIt() throws Exception {
        long self = ProcessHandle.current().pid();
        long before = ReapedCpu.millis(self);
        Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done").start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
        // The JDK reaps its children with waitpid: their CPU is now this JVM's cutime/cstime.
        assertThat(ReapedCpu.millis(self) - before).isGreaterThanOrEqualTo(50);
    }

    @Test
    void aProcessThatIsGoneHasNoCounters() {
        assertThat(ReapedCpu.readable(Long.MAX_VALUE)).isFalse();
        assertThat(ReapedCpu.millis(Long.MAX_VALUE)).isZero();
    }
}
