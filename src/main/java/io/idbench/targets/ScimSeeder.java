package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.record.SeedRecord;
import io.idbench.scim.patch.PatchApplier;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Seeds any SCIM 2.0 target with the workload's identities through its API: user.1 … user.N
 * (the same bodies as idbench's own datasets, active, with their passwords), in parallel, then
 * groups hr and employee with every one of them as a member (PATCH add, in batches). An identity
 * or group the target already holds is found and kept, so a seed that stopped half-way can be run
 * again. Ends with a check that the target holds what the plans expect: user.1 and user.N, and
 * hr with N members.
 */
public final class ScimSeeder {
    /** Requests in flight: enough to keep a server on two cores busy, few enough not to queue in it. */
    public static final int DEFAULT_PARALLELISM = 8;
    /** Members per PATCH of a group. */
    static final int MEMBERS_PER_PATCH = 100;

    private final ScimClient client;
    private final IdentityGenerator generator;
    private final int parallelism;
    private final SeedProgress progress;

    public ScimSeeder(ScimClient client, IdentityGenerator generator, int parallelism, SeedProgress progress) {
        if (parallelism < 1 || parallelism > 64) {
            throw new IllegalArgumentException("parallelism must be between 1 and 64, was " + parallelism);
        }
        this.client = client;
        this.generator = generator;
        this.parallelism = parallelism;
        this.progress = progress;
    }

    /**
     * What a seed did.
     *
     * @param ids the target's id of identity n at index n - 1
     * @param groups the target's ids of hr and employee
     */
    public record Result(List<String> ids, List<String> groups, long created, Duration users, Duration memberships) {
        public double seconds() {
            return (users.toMillis() + memberships.toMillis()) / 1000.0;
        }

        /** The seed as a run records it (its {@code seed}): dataset, where, size, phases, rate. */
        public SeedRecord record(String dataset, String storage) {
            return SeedRecord.of(dataset, storage, ids.size(), null, null, null, SeedRecord.OVER_SCIM,
                    SeedRecord.Phases.overScim(users, memberships), users.plus(memberships), null, created, null);
        }

        /** One line for the console. */
        public String summary() {
            String found = created == ids.size() ? "all created" : String.format(java.util.Locale.ROOT, "%,d created, %,d there already",
                    created, ids.size() - created);
            return String.format(java.util.Locale.ROOT, "Seeded %,d identities over SCIM in %.1f s (%,.0f identities/s, %s; memberships"
                    + " of hr and employee %.1f s); user.1, user.%d and hr's %,d members checked", ids.size(), seconds(),
                    ids.size() / seconds(), found, memberships.toMillis() / 1000.0, ids.size(), ids.size());
        }
    }

    public Result seed(long users) throws InterruptedException {
        if (users < 1 || users > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("users must be between 1 and " + (Integer.MAX_VALUE - 8) + ", was " + users);
        }
        String[] ids = new String[(int) users];
        AtomicLong created = new AtomicLong();
        long t0 = System.nanoTime();
        progress.start("identities over SCIM", users, "identities");
        AtomicLong next = new AtomicLong(1);
        AtomicLong done = new AtomicLong();
        parallel(() -> {
            for (long n = next.getAndIncrement(); n <= users; n = next.getAndIncrement()) {
                ids[(int) (n - 1)] = user(n, created);
                long d = done.incrementAndGet();
                if (d % 100 == 0 || d == users) {
                    synchronized (progress) {
                        progress.step(d);
                    }
                }
            }
        });
        progress.end();
        long t1 = System.nanoTime();
        List<String> groups = new ArrayList<>();
        for (String name : IdentityGenerator.staticGroups()) {
            groups.add(group(name, ids));
        }
        long t2 = System.nanoTime();
        check(users, groups.get(0));
        return new Result(List.of(ids), List.copyOf(groups), created.get(), Duration.ofNanos(t1 - t0), Duration.ofNanos(t2 - t1));
    }

    /** Identity n as a SCIM resource to create: the workload's body with its schemas, active, and its password. */
    public static ObjectNode resource(IdentityGenerator generator, long n) {
        ObjectNode u = Json.mapper().createObjectNode();
        u.set("schemas", Json.mapper().createArrayNode().add(ScimSchemas.USER_URN).add(ScimSchemas.ENTERPRISE_URN)
                .add(ScimSchemas.PROFILE_URN));
        u.setAll(generator.body(n));
        u.put("active", true).put("password", IdentityGenerator.password(n));
        return u;
    }

    /** Identity n: created, or found when the target holds it already. */
    private String user(long n, AtomicLong created) {
        ScimClient.Answer a = client.post("/Users", resource(generator, n));
        if (a.is(201) && a.body() != null && a.body().path("id").isTextual()) {
            created.incrementAndGet();
            return a.body().path("id").asText();
        }
        if (a.is(409)) {
            return find("Users", "userName eq \"" + IdentityGenerator.userName(n) + "\"");
        }
        throw new IllegalStateException("creating " + IdentityGenerator.userName(n) + " answered " + a.status() + ": " + a.text());
    }

    /**
     * Identity n created over SCIM and made a member of every static group (each made where the target lacks it), as a seed
     * over SCIM would leave it: what a load behind the API is held against, and the groups it fills. Its id.
     */
    public String probe(long n) throws InterruptedException {
        String id = user(n, new AtomicLong());
        for (String name : IdentityGenerator.staticGroups()) {
            group(name, new String[] {id});
        }
        return id;
    }

    /** Group {@code name}: found, or created empty. */
    private String group(String name) {
        String id = findOrNull("Groups", "displayName eq \"" + name + "\"");
        if (id != null) {
            return id;
        }
        ScimClient.Answer a = client.post("/Groups", ((ObjectNode) Json.mapper().createObjectNode().set("schemas",
                Json.mapper().createArrayNode().add(ScimSchemas.GROUP_URN))).put("displayName", name));
        if (!a.is(201) || a.body() == null) {
            throw new IllegalStateException("creating group " + name + " answered " + a.status() + ": " + a.text());
        }
        return a.body().path("id").asText();
    }

    /** Group {@code name} with every seeded identity as a member. */
    private String group(String name, String[] ids) throws InterruptedException {
        String groupId = group(name);
        int batches = (ids.length + MEMBERS_PER_PATCH - 1) / MEMBERS_PER_PATCH;
        progress.start("members of " + name + " over SCIM", ids.length, "memberships");
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        parallel(() -> {
            for (long b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                int from = (int) b * MEMBERS_PER_PATCH;
                int to = Math.min(ids.length, from + MEMBERS_PER_PATCH);
                ObjectNode patch = Json.mapper().createObjectNode();
                patch.putArray("schemas").add(PatchApplier.PATCH_OP_URN);
                ArrayNode members = patch.putArray("Operations").addObject().put("op", "add").put("path", "members").putArray("value");
                for (int i = from; i < to; i++) {
                    members.addObject().put("value", ids[i]);
                }
                ScimClient.Answer a = client.patch("/Groups/" + groupId, patch);
                if (!a.is(200) && !a.is(204)) {
                    throw new IllegalStateException("adding members to group " + name + " answered " + a.status() + ": " + a.text());
                }
                long d = done.addAndGet(to - from);
                synchronized (progress) {
                    progress.step(d);
                }
            }
        });
        progress.end();
        return groupId;
    }

    /** A target seeded earlier (a kept dataset) holds what the plans expect: user.1, user.N, hr with N members. */
    public void verify(long users) {
        check(users, find("Groups", "displayName eq \"" + IdentityGenerator.staticGroups().get(0) + "\""));
    }

    /** The target holds what the plans expect, or the seed fails with what is missing. */
    private void check(long users, String hrId) {
        for (long n : new long[] {1, users}) {
            find("Users", "userName eq \"" + IdentityGenerator.userName(n) + "\"");
        }
        ScimClient.Answer a = client.list("Users", "groups.value eq \"" + hrId + "\"", "count=0");
        long members = a.is(200) && a.body() != null ? a.body().path("totalResults").asLong(-1) : -1;
        if (members != users) {
            ScimClient.Answer group = client.get("/Groups/" + hrId + "?attributes=members");
            members = group.is(200) && group.body() != null ? group.body().path("members").size() : -1;
        }
        if (members != users) {
            throw new IllegalStateException("after seeding, group hr has " + members + " members, expected " + users);
        }
    }

    private String find(String resource, String filter) {
        String id = findOrNull(resource, filter);
        if (id == null) {
            throw new IllegalStateException("the target holds no " + resource + " with " + filter);
        }
        return id;
    }

    private String findOrNull(String resource, String filter) {
        ScimClient.Answer a = client.list(resource, filter, "attributes=id");
        if (!a.is(200) || a.body() == null) {
            throw new IllegalStateException("GET /" + resource + "?filter=" + filter + " answered " + a.status() + ": " + a.text());
        }
        JsonNode found = a.body().path("Resources");
        if (found.size() > 1) {
            throw new IllegalStateException("the target holds " + found.size() + " " + resource + " with " + filter + ", expected one");
        }
        return found.size() == 1 ? found.get(0).path("id").asText() : null;
    }

    /** Runs the task on {@link #parallelism} threads; the first failure ends all of them and is thrown. */
    private void parallel(Runnable task) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                try {
                    workers.add(pool.submit(() -> {
                        try {
                            task.run();
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e);
                            pool.shutdownNow();
                        }
                    }));
                } catch (RejectedExecutionException e) {
                    break; // a worker failed already and shut the pool down: its failure is thrown below
                }
            }
            for (Future<?> w : workers) {
                try {
                    w.get();
                } catch (java.util.concurrent.CancellationException | java.util.concurrent.ExecutionException e) {
                    // the failure is recorded by the worker itself
                }
            }
        } finally {
            pool.shutdownNow();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
