package io.idbench.config;

/** How the service hashes passwords (seeded and written): the cost every create and password change pays. */
public enum PasswordHash implements Choice {
    /** Salted SHA-256, Syncope's default ({@code {SSHA256}…}): microseconds. */
    SSHA256,
    /** bcrypt at the configured cost: milliseconds per hash, as many identity products do. */
    BCRYPT;

    @Override
    public String toString() {
        return id();
    }

    public static PasswordHash parse(String text) {
        return Choice.parse(PasswordHash.class, "password hash", text);
    }
}
