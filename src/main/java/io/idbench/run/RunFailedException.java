package io.idbench.run;

/** A run that failed for a reason its message says in one line: the build's or the command's error line, no stack trace. */
public final class RunFailedException extends RuntimeException {
    public RunFailedException(String message) {
        super(message, null, false, false);
    }
}
