package io.idbench.support;

import io.idbench.common.ProcessLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Another idbench process, as far as a {@link ProcessLock} goes: holds the lock on the file it is given until its standard
 * input ends. {@link #start} runs it and returns once it holds the lock.
 */
public final class HoldsLock {
    private HoldsLock() {
    }

    public static void main(String[] args) throws IOException {
        try (ProcessLock lock = ProcessLock.acquire(Path.of(args[0]), Duration.ZERO, holder -> {})) {
            System.out.println("held");
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream());
        }
    }

    /** A process holding {@code file}'s lock: close its standard input to end it. */
    public static Process start(Path file) throws IOException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), HoldsLock.class.getName(), file.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (!"held".equals(first)) {
            p.destroyForcibly();
            throw new IllegalStateException("the lock holder did not take " + file + " (it said " + first + ")");
        }
        return p;
    }
}
