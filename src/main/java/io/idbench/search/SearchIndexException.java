package io.idbench.search;

/** The engine could not be reached or refused a request; the message says which and why. */
public class SearchIndexException extends RuntimeException {
    public SearchIndexException(String message, Throwable cause) {
        super(message, cause);
    }

    public SearchIndexException(String message) {
        super(message);
    }
}
