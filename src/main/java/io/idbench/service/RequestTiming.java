package io.idbench.service;

import io.idbench.common.ServerTiming;
import io.idbench.config.Handicap;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * The service's own cost of each request, sent back as a W3C Server-Timing header
 * ({@code app;dur=<ms>, cpu;dur=<ms>}, µs resolution): the wall time from request to response,
 * and the CPU time of the thread that handled it (a figure that other processes on the machine
 * barely move). A calibration {@link Handicap} burns CPU (or waits) here, before the time is taken.
 */
final class RequestTiming {
    private static final String STARTED = "idbench.started";
    private static final String STARTED_CPU = "idbench.startedCpu";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** The resource types a handicap applies to. */
    private static final Set<String> RESOURCES = Set.of("Users", "Groups");

    private final Handicap handicap;
    private final String scimBase;

    RequestTiming(Handicap handicap, String scimBase) {
        this.handicap = handicap;
        this.scimBase = scimBase;
    }

    void before(Context ctx) {
        ctx.attribute(STARTED, System.nanoTime());
        ctx.attribute(STARTED_CPU, THREADS.getCurrentThreadCpuTime());
    }

    void after(Context ctx) {
        Long t0 = ctx.attribute(STARTED);
        Long cpu0 = ctx.attribute(STARTED_CPU);
        if (t0 == null || cpu0 == null) {
            return;
        }
        if (!handicap.isNone()) {
            Handicap.Cost cost = handicap.costOf(operation(ctx.method(), ctx.path()));
            if (cost != null) {
                long extra = cost.extraNanos(System.nanoTime() - t0);
                if (cost.waits()) {
                    waitFor(extra);
                } else {
                    burn(extra);
                }
            }
        }
        long wall = (System.nanoTime() - t0) / 1000;
        long cpu = (THREADS.getCurrentThreadCpuTime() - cpu0) / 1000;
        ctx.header(ServerTiming.HEADER, ServerTiming.value(wall, cpu));
    }

    /** The SCIM operation of a request, or null for anything else (discovery, tokens, idbench endpoints). */
    Handicap.Operation operation(HandlerType method, String path) {
        if (!path.startsWith(scimBase + "/")) {
            return null;
        }
        String[] parts = path.substring(scimBase.length() + 1).split("/"); // Users, Users/<id>, Users/.search
        if (!RESOURCES.contains(parts[0])) {
            return null;
        }
        boolean dotSearch = parts.length == 2 && parts[1].equals(".search");
        boolean one = parts.length >= 2 && !dotSearch;
        return switch (method) {
            case POST -> dotSearch ? Handicap.Operation.SEARCH : one ? null : Handicap.Operation.CREATE;
            case GET -> one ? Handicap.Operation.READ : Handicap.Operation.SEARCH;
            case PATCH -> Handicap.Operation.UPDATE;
            case PUT -> Handicap.Operation.REPLACE;
            case DELETE -> Handicap.Operation.DELETE;
            default -> null;
        };
    }

    /** Idle for {@code nanos}: a statement held on a lock or the disk (parkNanos may return early: the deadline decides). */
    private static void waitFor(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    /** Busy CPU for {@code nanos} of wall time: a regression of the code, not a sleep. */
    private static void burn(long nanos) {
        long end = System.nanoTime() + nanos;
        long spin = 0;
        while (System.nanoTime() < end) {
            spin++;
        }
        if (spin == Long.MIN_VALUE) {
            throw new AssertionError(); // keeps the loop from being optimised away
        }
    }
}
