package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import java.util.List;
import java.util.Properties;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * One LDAP operation of a plan, timed around the operation alone, on this thread's connection. The response code is the LDAP
 * result code (0 on success); a sample fails with the result code's name and the server's message, or with the check it
 * failed. Its inputs are the sampler's arguments (JMeter substitutes variables in them per sample), named by
 * its constructor.
 */
public abstract class LdapSampler extends AbstractJavaSamplerClient {
    /** The response code of a sample whose operation could not run (JMeter's script samplers answer the same). */
    static final String SAMPLER_ERROR = "500";
    private final List<String> parameters;

    /** @param parameters the operation's inputs, by name: what a plan must give as arguments */
    protected LdapSampler(String... parameters) {
        this.parameters = List.of(parameters);
    }

    /**
     * Runs the operation.
     *
     * @return null when every check holds, else what failed
     */
    protected abstract String operate(Operation op) throws LDAPException;

    @Override
    public Arguments getDefaultParameters() {
        Arguments args = new Arguments();
        for (String p : parameters) {
            args.addArgument(p, "");
        }
        return args;
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        Operation op = new Operation(ThreadConnection.of(vars), vars.get(ThreadConnection.PEOPLE), context, vars,
                JMeterUtils.getJMeterProperties());
        SampleResult result = new SampleResult();
        String failure;
        result.sampleStart();
        try {
            failure = operate(op);
            result.sampleEnd();
            result.setResponseCode("0");
        } catch (LDAPException e) {
            result.sampleEnd();
            result.setResponseCode(String.valueOf(e.getResultCode().intValue()));
            failure = e.getResultCode().getName() + (e.getDiagnosticMessage() == null ? "" : ": " + e.getDiagnosticMessage());
        } catch (RuntimeException e) {
            // What the plan gave is wrong (an argument that is no number, a body that is no identity): a failed sample that says
            // so, as JMeter's script samplers answer, never a sample that silently goes missing.
            result.sampleEnd();
            result.setResponseCode(SAMPLER_ERROR);
            failure = e.toString();
        }
        result.setSuccessful(failure == null);
        result.setResponseMessage(failure == null ? "success" : failure);
        return result;
    }

    /**
     * What an operation works with: the thread's connection, the DN of ou=people, the sampler's arguments, the thread's
     * variables (what an operation leaves for the next one) and JMeter's properties (the run's parameters).
     */
    protected record Operation(LDAPConnection connection, String people, JavaSamplerContext arguments, JMeterVariables vars,
            Properties props) {
        /** The argument of that name. */
        String arg(String name) {
            return arguments.getParameter(name);
        }

        /** The DN of the identity of that uid. */
        String dn(String uid) {
            return "uid=" + uid + "," + people;
        }

        /** The number of seeded identities (property users). */
        long users() {
            return Long.parseLong(props.getProperty("users"));
        }
    }
}
