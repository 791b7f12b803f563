package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.HoldsLock;
import io.idbench.support.StartsServers;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds regenerating one site: the second waits for the first (another process) and then replaces the site whole; what
 * a writer killed half-way left is cleared, and no reader ever finds half of one site and half of another.
 */
@StartsServers
class SiteWriterLockTest {
    @TempDir
    Path tmp;

    /** A progress stream that counts {@code latch} down once it has said {@code text}. */
    private static PrintStream saying(String text, CountDownLatch latch, ByteArrayOutputStream all) {
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                all.write(b);
                if (all.toString(StandardCharsets.UTF_8).contains(text)) {
                    latch.countDown();
                }
            }
        }, true, StandardCharsets.UTF_8);
    }

    @Test
    void aSecondWriterWaitsForTheFirstAndReplacesTheSiteWhole() throws Exception {
        Path out = tmp.resolve("site");
        Files.createDirectories(out);
        Files.writeString(out.resolve("from-the-last-night.html"), "old");
        Files.createDirectories(tmp.resolve(".site.staging-999999")); // left by a writer killed half-way
        Process first = HoldsLock.start(tmp.resolve(".site.lock"));
        CountDownLatch waiting = new CountDownLatch(1);
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        CompletableFuture<io.idbench.results.NightlyVerdict> second = CompletableFuture.supplyAsync(() -> {
            try {
                return new Site().withResults(FindingsPageTest.FIXTURE).withOutput(out).withRunFiles(Site.RunFiles.NONE)
                        .withProgress(saying("waiting up to 600 s", waiting, said)).generate();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(waiting.await(60, TimeUnit.SECONDS)).as("the second writer says it waits").isTrue();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("[site] " + out + " is being written by another idbench (pid "
                + first.pid() + " since ").contains("waiting up to 600 s");
        assertThat(out.resolve("from-the-last-night.html")).as("untouched while the first writes").exists();
        first.getOutputStream().close();
        second.get(120, TimeUnit.SECONDS);
        assertThat(out.resolve("index.html")).exists();
        assertThat(out.resolve("verdict.xml")).exists();
        assertThat(out.resolve("from-the-last-night.html")).as("the old site replaced whole").doesNotExist();
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("site", ".site.lock");
        }
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
}
