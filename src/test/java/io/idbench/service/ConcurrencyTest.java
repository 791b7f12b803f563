package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Concurrent writers: uniqueness holds (exactly one of many simultaneous creates wins, the rest
 * get 409 uniqueness) and read-modify-write cycles guarded by If-Match never lose an update.
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class ConcurrencyTest extends PerBackendServiceTest {
    private static final int THREADS = 12;
    private final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

    @BeforeEach
    void clean() {
        TestDatabase.deleteUsers();
    }

    @AfterAll
    void stopPool() {
        pool.shutdownNow();
    }

    /** Runs {@code task(i)} on THREADS threads released at the same instant by a barrier. */
    private <T> List<T> race(IntFunction<T> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            int n = i;
            futures.add(pool.submit((Callable<T>) () -> {
                start.await(30, TimeUnit.SECONDS);
                return task.apply(n);
            }));
        }
        List<T> results = new ArrayList<>();
        for (Future<T> f : futures) {
            results.add(f.get(60, TimeUnit.SECONDS));
        }
        return results;
    }

    private void assertExactlyOneWins(List<Response> responses, String attribute) {
        assertThat(responses).filteredOn(r -> r.status() == 201).hasSize(1);
        assertThat(responses).filteredOn(r -> r.status() == 409).hasSize(THREADS - 1)
                .allSatisfy(r -> {
                    assertThat(r.body().path("scimType").asText()).isEqualTo("uniqueness");
                    assertThat(r.body().path("detail").asText()).contains(attribute);
                });
        assertThat(totalUsers()).isEqualTo(1);
    }

    @Test
    void sameUserNameAtOnce() throws Exception {
        // Different letter case, same userName: uniqueness is case-insensitive.
        List<Response> responses = race(i -> scim.post("/Users", profileUser(i % 2 == 0 ? "race" : "RACE", i)));
        assertExactlyOneWins(responses, "userName");
    }

    @Test
    void sameSsnAtOnce() throws Exception {
        assertExactlyOneWins(race(i -> scim.post("/Users", withProfile(profileUser("ssn" + i, i), "ssn", 4242))),
                PROFILE_URN + ":ssn");
    }

    @Test
    void sameBadgeAtOnce() throws Exception {
        assertExactlyOneWins(race(i -> scim.post("/Users", withProfile(profileUser("badge" + i, i), "badge", 4242))),
                PROFILE_URN + ":badge");
    }

    @Test
    void sameEmployeeNumberAtOnce() throws Exception {
        assertExactlyOneWins(race(i -> {
            ObjectNode u = profileUser("emp" + i, i);
            ((ObjectNode) u.get(ENTERPRISE_URN)).put("employeeNumber", i % 2 == 0 ? "E-42" : "e-42");
            return scim.post("/Users", u);
        }), ENTERPRISE_URN + ":employeeNumber");
    }

    @Test
    void sameMobileAtOnce() throws Exception {
        assertExactlyOneWins(race(i -> {
            ObjectNode u = profileUser("mobile" + i, i);
            ((ObjectNode) u.get("phoneNumbers").get(0)).put("value", "+1 555 4242");
            return scim.post("/Users", u);
        }), "phoneNumbers[type eq \"mobile\"].value");
    }

    /** A changed unique value is released for others; the new one is taken. */
    @Test
    void changingAUniqueValueReleasesTheOldOne() {
        String first = createUser("first", 1).id();
        Response moved = scim.patch("/Users/" + first, patchOp("replace", PROFILE_URN + ":ssn", 999_999_999L), null);
        assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
        ObjectNode second = profileUser("second", 2);
        ((ObjectNode) second.get(PROFILE_URN)).put("ssn", 100_000_001L);
        assertThat(scim.post("/Users", second).status()).isEqualTo(201);
        ObjectNode third = profileUser("third", 3);
        ((ObjectNode) third.get(PROFILE_URN)).put("ssn", 999_999_999L);
        Response taken = scim.post("/Users", third);
        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.body().path("detail").asText()).contains(PROFILE_URN + ":ssn");
    }

    private static ObjectNode withProfile(ObjectNode user, String attribute, long value) {
        ((ObjectNode) user.get(PROFILE_URN)).put(attribute, value);
        return user;
    }

    /**
     * Each thread increments a counter kept in the user's title INCREMENTS times by read, PATCH
     * with If-Match, retry on 412. A lost update would leave the counter short.
     */
    @Test
    void ifMatchNeverLosesAnUpdate() throws Exception {
        String id = createUser("counter", 1).id();
        scim.patch("/Users/" + id, patchOp("replace", "title", "0"), null);
        final int increments = 5;
        List<Integer> conflicts = race(i -> {
            int seen412 = 0;
            for (int done = 0; done < increments;) {
                Response current = scim.get("/Users/" + id);
                int value = Integer.parseInt(current.body().path("title").asText());
                Response r = scim.patch("/Users/" + id, patchOp("replace", "title", String.valueOf(value + 1)), current.etag());
                if (r.status() == 200) {
                    done++;
                } else if (r.status() == 412) {
                    seen412++;
                } else {
                    throw new AssertionError("unexpected " + r);
                }
                if (seen412 > 10_000) {
                    throw new AssertionError("no progress");
                }
            }
            return seen412;
        });
        Response end = scim.get("/Users/" + id);
        assertThat(end.body().path("title").asText()).isEqualTo(String.valueOf(THREADS * increments));
        assertThat(end.etag()).isEqualTo("W/\"" + (2 + THREADS * increments) + "\"");
        assertThat(conflicts.stream().mapToInt(Integer::intValue).sum()).as("some writers must have collided").isPositive();
    }

    /** Without If-Match, concurrent PATCHes serialize on the row: every added value survives. */
    @Test
    void concurrentPatchesWithoutIfMatchAllApply() throws Exception {
        String id = createUser("many-emails", 1).id();
        List<Response> responses = race(i -> scim.patch("/Users/" + id,
                patchOp("add", "emails", json("[{\"value\":\"e" + i + "@example.org\"}]")), null));
        assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
        assertThat(scim.get("/Users/" + id).body().path("emails")).hasSize(THREADS + 1);
    }
}
