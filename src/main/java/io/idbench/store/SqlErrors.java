package io.idbench.store;

import io.idbench.scim.ScimException;
import java.util.function.Function;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Translates database constraint violations into SCIM errors: a unique violation becomes
 * 409 uniqueness naming the attribute, a missing referenced row 400 invalidValue.
 */
public final class SqlErrors {
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String FOREIGN_KEY_VIOLATION = "23503";

    private SqlErrors() {
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
