package io.idbench.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import oshi.software.os.linux.LinuxOperatingSystem;

/**
 * The CPU time of a process's ended and reaped children (Linux {@code /proc/<pid>/stat}: cutime
 * and cstime, in clock ticks), which neither the JDK's process handles nor OSHI report.
 */
final class ReapedCpu {
    /** Fields after the command's closing parenthesis: state is field 3, cutime 16 and cstime 17. */
    private static final int CUTIME = 16 - 3;
    private static final int CSTIME = 17 - 3;

    private ReapedCpu() {
    }

    /** Whether this machine has the counters for {@code pid} (Linux, process visible). */
    static boolean readable(long pid) {
        return Files.isReadable(stat(pid));
    }

    /** Milliseconds of CPU of {@code pid}'s reaped children; 0 once it is gone. */
    static long millis(long pid) {
        String line;
        try {
            line = Files.readString(stat(pid), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return 0;
        }
        return millisOf(line, LinuxOperatingSystem.getHz());
    }

    /** From one {@code /proc/<pid>/stat} line; the command may contain spaces and parentheses. */
    static long millisOf(String stat, long ticksPerSecond) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long ticks = Long.parseLong(f[CUTIME]) + Long.parseLong(f[CSTIME]);
        return ticks * 1000 / ticksPerSecond;
    }

    private static Path stat(long pid) {
        return Path.of("/proc", Long.toString(pid), "stat");
    }
}
