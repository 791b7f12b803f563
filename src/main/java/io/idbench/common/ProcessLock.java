package io.idbench.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A lock one process at a time holds on a file: an OS file lock, so it ends with its process however that ends (SIGKILL
 * too). The holder writes who it is into the file, for the one who waits. Taken with a limit on the wait: the blocking lock
 * runs in a thread of its own, and closing the file ends it.
 */
public final class ProcessLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    /** Still held by another process after the wait: {@code holder} as it wrote itself ("pid 123 since …"). */
    public static final class Busy extends RuntimeException {
        private final String holder;

        Busy(String holder, TimeoutException cause) {
            super("held by " + holder, cause);
            this.holder = holder;
        }

        public String holder() {
            return holder;
        }
    }

    private ProcessLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock on {@code file} (created with its directories), waiting up to {@code wait} for another process that holds
     * it; {@code waiting} is told who that is before the wait begins.
     *
     * @throws Busy                         when it is still held after {@code wait}
     * @throws OverlappingFileLockException when this process holds it already
     */
    public static ProcessLock acquire(Path file, Duration wait, Consumer<String> waiting) {
        FileChannel channel = null;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                String holder = holder(file);
                waiting.accept(holder);
                lock = await(channel, wait, holder);
            }
            ProcessLock held = new ProcessLock(channel, lock);
            held.name();
            return held;
        } catch (IOException e) {
            close(channel);
            throw new UncheckedIOException("Cannot lock " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    private static FileLock await(FileChannel channel, Duration wait, String holder) throws IOException {
        CompletableFuture<FileLock> pending = CompletableFuture.supplyAsync(() -> {
            try {
                return channel.lock();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return pending.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new Busy(holder, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for " + holder, e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    /** Who holds it, as the holder wrote it; "pid unknown" when it wrote nothing yet. */
    private static String holder(Path file) {
        try {
            String text = Files.readString(file).strip();
            return text.isEmpty() ? "pid unknown" : text;
        } catch (IOException e) {
            return "pid unknown";
        }
    }

    private void name() throws IOException {
        byte[] text = ("pid " + ProcessHandle.current().pid() + " since " + Instant.now()).getBytes(StandardCharsets.UTF_8);
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(text), 0);
        channel.force(false);
    }

    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                channel.truncate(0);
                lock.release();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot release the lock: " + e.getMessage(), e);
        } finally {
            close(channel);
        }
    }

    private static void close(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close(); // also ends a pending lock() of a wait that ran out
            } catch (IOException e) {
                // closing is all that is left to do
            }
        }
    }
}
