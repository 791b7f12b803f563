package io.idbench.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The service JVM during a run's window: garbage collections and their time, JIT compilation time
 * (JVM counters, from {@link #reset()} on), and the heap it had. A run whose service spent seconds
 * collecting or compiling while it was measured says so.
 */
final class JvmTelemetry {
    private long gcCount;
    private long gcMillis;
    private long compileMillis;

    synchronized void reset() {
        gcCount = gcCount();
        gcMillis = gcMillis();
        compileMillis = compileMillis();
    }

    synchronized ObjectNode write(ObjectNode into) {
        return into.put("gcCollections", gcCount() - gcCount).put("gcMillis", gcMillis() - gcMillis)
                .put("jitCompileMillis", compileMillis() - compileMillis).put("heapMaxBytes", Runtime.getRuntime().maxMemory());
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount)
                .filter(c -> c >= 0).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime)
                .filter(c -> c >= 0).sum();
    }

    static long compileMillis() {
        var compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : -1;
    }
}
