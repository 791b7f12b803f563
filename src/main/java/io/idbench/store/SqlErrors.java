package io.idbench.store;

import io.idbench.scim.ScimException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Translates database constraint violations into SCIM errors: a unique violation becomes
 * 409 uniqueness naming the attribute, a missing referenced row 400 invalidValue.
 */
public final class SqlErrors {
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String FOREIGN_KEY_VIOLATION = "23503";

    private static final String QUERY_CANCELED = "57014";

    private SqlErrors() {
    }

    /** A statement cancelled by the server's statement_timeout. */
    public static boolean timedOut(Throwable e) {
        return sqlStates(e).anyMatch(QUERY_CANCELED::equals);
    }

    /**
     * The database cannot be reached or used: no connection within the pool's timeout, a broken
     * connection (class 08), the server shutting down or refusing connections (57P01-57P03), too
     * many connections (53300).
     */
    public static boolean unavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return sqlStates(e).anyMatch(s -> s.startsWith("08") || s.startsWith("57P") || s.equals("53300"));
    }

    private static Stream<String> sqlStates(Throwable e) {
        Stream.Builder<String> out = Stream.builder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                out.add(sql.getSQLState());
            }
        }
        return out.build();
    }

    /**
     * @param uniqueAttribute the SCIM attribute a unique violation stands for
     * @return the SCIM error, or {@code e} itself when it is not a constraint violation
     */
    public static RuntimeException translate(RuntimeException e, Function<ServerErrorMessage, String> uniqueAttribute) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PSQLException psql) {
                ServerErrorMessage m = psql.getServerErrorMessage();
                if (UNIQUE_VIOLATION.equals(psql.getSQLState())) {
                    String attribute = m == null ? "a unique attribute" : uniqueAttribute.apply(m);
                    return ScimException.uniqueness("The value of '" + attribute + "' is already in use");
                }
                if (FOREIGN_KEY_VIOLATION.equals(psql.getSQLState())) {
                    return ScimException.invalidValue("A referenced resource does not exist"
                            + (m != null && m.getDetail() != null ? ": " + m.getDetail() : ""));
                }
            }
        }
        return e;
    }
}
