package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * One connection per JMeter thread, bound as the directory's administrator (as the SCIM plans act as the service's), kept in
 * the thread's variables for the whole run. Synchronous mode: one operation at a time, no reader thread per connection.
 */
public final class ThreadConnection {
    /** The thread variable holding the connection. */
    static final String VARIABLE = "ldap";
    /** The thread variable holding the DN of ou=people. */
    static final String PEOPLE = "people";

    private ThreadConnection() {
    }

    /**
     * Connects and binds this thread, unless it is connected: to targetHost:targetPort (the repetition's side), as
     * ldap.bindDn with ldap.password; people = ou=people under ldap.base. Called from the plans before the operations.
     */
    public static void open(JMeterVariables vars, Properties props) throws LDAPException {
        LDAPConnection c = (LDAPConnection) vars.getObject(VARIABLE);
        if (c != null && c.isConnected()) {
            return;
        }
        LDAPConnectionOptions o = new LDAPConnectionOptions();
        o.setUseSynchronousMode(true);
        o.setConnectTimeoutMillis(10_000);
        o.setResponseTimeoutMillis(120_000L);
        c = new LDAPConnection(o, vars.get("targetHost"), Integer.parseInt(vars.get("targetPort")),
                props.getProperty("ldap.bindDn"), props.getProperty("ldap.password"));
        vars.putObject(VARIABLE, c);
        vars.put(PEOPLE, "ou=people," + props.getProperty("ldap.base"));
    }

    /** This thread's connection. */
    static LDAPConnection of(JMeterVariables vars) {
        LDAPConnection c = (LDAPConnection) vars.getObject(VARIABLE);
        if (c == null) {
            throw new IllegalStateException("this thread has no LDAP connection: the plan must call ThreadConnection.open first");
        }
        return c;
    }
}
