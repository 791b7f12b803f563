package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The database drops every connection of the service in the middle of a write load (what a
 * PostgreSQL restart or a failover does to its clients). Requests in flight get 503, never 500;
 * every create that was acknowledged (201) is in the database afterwards; the pool reconnects and
 * creates succeed again. Runs once per storage.
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class ConnectionLossTest extends PerBackendServiceTest {
    private static final int WRITERS = 4;
    private static final int CREATES_PER_WRITER = 150;
    /** Acknowledged creates before the connections are cut. */
    private static final int CUT_AFTER = 200;

    @Test
    void cuttingEveryConnectionMidLoadLosesNoAcknowledgedWrite() throws Exception {
        TestDatabase.deleteUsers();
        Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
        Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
        CountDownLatch beforeCut = new CountDownLatch(CUT_AFTER);
        CountDownLatch cut = new CountDownLatch(1);
        AtomicLong firstSuccessAfterCut = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new java.util.ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                for (int i = 0; i < CREATES_PER_WRITER; i++) {
                    Response r = scim.post("/Users", profileUser("cut-" + writer + "-" + i, writer * 10_000L + i));
                    statuses.computeIfAbsent(r.status(), k -> new AtomicLong()).incrementAndGet();
                    if (r.status() == 201) {
                        acknowledged.add(r.id());
                        beforeCut.countDown();
                        if (cut.getCount() == 0) {
                            firstSuccessAfterCut.compareAndSet(0, System.nanoTime());
                        }
                    } else {
                        assertThat(r.status()).as(r.toString()).isEqualTo(503);
                        assertThat(r.body().path("detail").asText()).isEqualTo("The database is unavailable");
                    }
                }
                return null;
            }));
        }
        assertThat(beforeCut.await(2, TimeUnit.MINUTES)).isTrue();
        long cutAt = System.nanoTime();
        int terminated = terminateOtherBackends();
        cut.countDown();
        for (Future<?> f : writers) {
            f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();

        assertThat(terminated).as("connections cut").isPositive();
        Map<Integer, Long> counts = new TreeMap<>();
        statuses.forEach((k, v) -> counts.put(k, v.get()));
        assertThat(counts.keySet()).as("statuses " + counts).isSubsetOf(201, 503);
        for (String id : acknowledged) {
            assertThat(scim.get("/Users/" + id).status()).as("acknowledged user " + id).isEqualTo(200);
        }
        assertThat(firstSuccessAfterCut.get()).as("a create succeeded after the cut").isPositive();
        System.out.printf("%s connection loss: %d backends cut after %d creates; statuses %s; %d acknowledged, all present;"
                + " first success %.0f ms after the cut%n", storage(), terminated, CUT_AFTER, counts, acknowledged.size(),
                (firstSuccessAfterCut.get() - cutAt) / 1e6);
        TestDatabase.deleteUsers();
    }

    /** Every backend of this database but the one asking: the service's pool loses all its connections. */
    private static int terminateOtherBackends() throws Exception {
        try (Connection c = TestDatabase.pool().getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND pid <> pg_backend_pid()")) {
            rs.next();
            int n = rs.getInt(1);
            c.rollback();
            return n;
        }
    }
}
