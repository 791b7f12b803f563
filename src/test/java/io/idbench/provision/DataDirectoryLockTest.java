package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.common.ProcessLock;
import io.idbench.support.HoldsLock;
import io.idbench.support.StartsServers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs on one kept data directory, the other one a process of its own: the second waits its turn saying for whom, gives
 * up after its limit with one line, goes on once the first ends, and a first one killed with SIGKILL holds nothing.
 */
@StartsServers
class DataDirectoryLockTest {
    @TempDir
    Path tmp;

    private final List<String> log = new CopyOnWriteArrayList<>();

    private static Process holder(Path dir) throws Exception {
        return HoldsLock.start(DataDirectoryLock.file(dir));
    }

    @Test
    void aSecondRunWaitsSayingForWhomAndGivesUpAfterItsLimit() throws Exception {
        Path dir = tmp.resolve("pg");
        Process first = holder(dir);
        try {
            assertThatThrownBy(() -> DataDirectoryLock.acquire(dir, Duration.ofSeconds(1), log::add))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageMatching("The PostgreSQL data directory \\Q" + dir + "\\E is still in use by another idbench run \\(pid "
                            + first.pid() + " since [0-9T:.Z-]+\\) after 1 s; wait longer \\(-Dpg.dataDirWait, --pg-data-dir-wait\\), or"
                            + " give another --pg-data-dir");
            assertThat(log).singleElement().asString().matches("The data directory \\Q" + dir + "\\E is in use by another idbench run"
                    + " \\(pid " + first.pid() + " since [0-9T:.Z-]+\\): waiting up to 1 s for it to end");
        } finally {
            first.getOutputStream().close();
            first.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void itGoesOnOnceTheFirstRunEnds() throws Exception {
        Path dir = tmp.resolve("pg");
        Process first = holder(dir);
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<ProcessLock> second = CompletableFuture.supplyAsync(() -> DataDirectoryLock.acquire(dir,
                Duration.ofSeconds(60), line -> {
                    log.add(line);
                    waiting.countDown();
                }));
        assertThat(waiting.await(30, TimeUnit.SECONDS)).as("the second run says it waits").isTrue();
        assertThat(second).isNotDone();
        first.getOutputStream().close(); // the first run ends
        try (ProcessLock lock = second.get(30, TimeUnit.SECONDS)) {
            assertThat(log).last().asString().isEqualTo("The data directory " + dir + " is free: going on");
        }
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aRunKilledWithSigkillHoldsNothing() throws Exception {
        Path dir = tmp.resolve("pg");
        Process first = holder(dir);
        first.destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        try (ProcessLock lock = DataDirectoryLock.acquire(dir, Duration.ZERO, log::add)) {
            assertThat(log).isEmpty();
        }
    }

    @Test
    void thisProcessTwiceIsRefusedAtOnce() {
        Path dir = tmp.resolve("pg");
        try (ProcessLock lock = DataDirectoryLock.acquire(dir, Duration.ZERO, log::add)) {
            assertThatThrownBy(() -> DataDirectoryLock.acquire(dir, Duration.ofSeconds(60), log::add))
                    .hasMessage("The PostgreSQL data directory " + dir + " is in use by this process already;"
                            + " give --pg-data-dir=<another directory> (or none)");
        }
    }
}
