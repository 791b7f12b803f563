package io.idbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many more concurrent writers than pooled connections, creating and modifying at once, all
 * complete: no request may hold one connection while it waits for something (a lock, an id) that
 * a request without a connection holds. Found by plan 4 at 50 threads on a 20-connection pool, where
 * the relational store's value-id generator (Hibernate's pooled optimizer, one JVM lock) was taken
 * by a create still waiting for its first connection, while every connection was held by modifies
 * waiting for that lock: every write then stalled for the pool's 30 s timeout.
 */
@StartsServers
class WritersBeyondThePoolTest {
    private static final int POOL = 2;
    private static final int WRITERS = 12;
    private static final int ROUNDS = 15;

    @ParameterizedTest
    @EnumSource(Storage.class)
    void twelveWritersOnTwoConnectionsAllComplete(Storage storage) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(WRITERS);
        try (HikariDataSource pool = TestDatabase.fresh("writers_beyond_pool_" + storage, POOL);
                IdentityStore store = IdentityStores.open(storage, pool, Json.mapper())) {
            CyclicBarrier start = new CyclicBarrier(WRITERS);
            List<Future<Integer>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                done.add(threads.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    int n = 0;
                    for (int round = 0; round < ROUNDS; round++) {
                        long id = 1_000L * writer + round;
                        UUID user = UUID.randomUUID();
                        store.createUser(user, ServiceTestBase.profileUser("writer" + id, id), "hash");
                        store.modifyUser(user, null, current -> {
                            ((ObjectNode) current).put("title", "round " + writer);
                            return new IdentityStore.Modified(current, null);
                        });
                        n++;
                    }
                    return n;
                }));
            }
            for (Future<Integer> f : done) {
                // Well under the pool's 30 s connection timeout: a stall fails here, not as a timeout error later.
                assertThat(f.get(25, TimeUnit.SECONDS)).isEqualTo(ROUNDS);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
