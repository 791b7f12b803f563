package io.idbench.service;

import io.idbench.record.Telemetry;
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

    synchronized Telemetry.Jvm read() {
        return new Telemetry.Jvm(gcCount() - gcCount, gcMillis() - gcMillis, compileMillis() - compileMillis,
                Runtime.getRuntime().maxMemory());
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
