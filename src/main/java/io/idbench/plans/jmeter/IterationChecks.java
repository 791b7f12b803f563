package io.idbench.plans.jmeter;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Properties;
import javax.management.JMException;
import javax.management.ObjectName;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Before an iteration, when {@code checkAt} is due (a pre-processor of a no-op sampler, not recorded), three things. Once per
 * JMeter, the build that started it ({@code idbench.buildPid}, when it is this JMeter's parent) is watched: a build killed
 * with SIGKILL runs no shutdown hook to stop JMeter, which would go on loading a service that is gone; it ends with the build.
 * At most once a second, this JMeter's own CPU time into {@code engineCpuMs} (a JTL column, with {@code engineCores}): what
 * the load generator spent, remote engines too, whose processes the build cannot see. And a token from the side's token
 * endpoint, shared by all threads through the properties and fetched again at three quarters of its lifetime, so that a long
 * run never meets an expired one (Keycloak's last 300 s): one thread fetches, the others take it.
 */
public class IterationChecks extends AbstractTestElement implements PreProcessor, TestBean {
    private static final long serialVersionUID = 1L;
    /** A build that ends leaves JMeter with this exit code. */
    static final int BUILD_GONE = 3;

    @Override
    public void process() {
        Properties props = JMeterUtils.getJMeterProperties();
        watchBuild(props);
        check(JMeterContextService.getContext().getVariables(), props, System.currentTimeMillis());
    }

    private static void watchBuild(Properties props) {
        if (props.putIfAbsent("idbench.buildWatched", "true") != null) {
            return;
        }
        String build = props.getProperty("idbench.buildPid", "");
        ProcessHandle.current().parent().filter(p -> !build.isEmpty() && p.pid() == Long.parseLong(build))
                .ifPresent(IterationChecks::endWith);
    }

    @SuppressWarnings("FutureReturnValueIgnored") // it completes only when the build ends, and then JMeter does
    private static void endWith(ProcessHandle build) {
        build.onExit().thenRun(() -> System.exit(BUILD_GONE));
    }

    /** The CPU time when due and the side's token, at {@code now}; then when the next check is due. */
    static void check(JMeterVariables vars, Properties props, long now) {
        String cpuAt = vars.get("cpuAt");
        if (now >= (cpuAt == null ? 0 : Long.parseLong(cpuAt))) {
            vars.put("engineCpuMs", String.valueOf(processCpuNanos() / 1_000_000L));
            vars.put("engineCores", String.valueOf(Runtime.getRuntime().availableProcessors()));
            vars.put("cpuAt", String.valueOf(now + 1000L));
        }
        String prefix = "B".equals(vars.get("side")) ? "versus." : "";
        String url = props.getProperty(prefix + "token.url", "");
        if (url.isEmpty()) {
            vars.put("tokenRefreshAt", String.valueOf(Long.MAX_VALUE));
        } else {
            synchronized (props) {
                if (now >= Long.parseLong(props.getProperty(prefix + "token.refreshAt", "0"))) {
                    TokenGrant t = grant(url, props, prefix);
                    props.setProperty(prefix + "token", t.accessToken());
                    props.setProperty(prefix + "token.refreshAt", String.valueOf(t.lifetimeMs() == Long.MAX_VALUE ? Long.MAX_VALUE
                            : now + t.lifetimeMs() * 3 / 4));
                }
                vars.put("token", props.getProperty(prefix + "token"));
                vars.put("tokenRefreshAt", props.getProperty(prefix + "token.refreshAt"));
            }
        }
        vars.put("checkAt", String.valueOf(Math.min(Long.parseLong(vars.get("cpuAt")), Long.parseLong(vars.get("tokenRefreshAt")))));
    }

    private static TokenGrant grant(String url, Properties props, String prefix) {
        try {
            return TokenGrant.fetch(url, props, prefix);
        } catch (IOException e) {
            throw new IllegalStateException("token endpoint " + url + " could not be asked: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking the token endpoint " + url, e);
        }
    }

    /** Read through JMX: the OperatingSystem MXBean's ProcessCpuTime, in ns. */
    private static long processCpuNanos() {
        try {
            return (Long) ManagementFactory.getPlatformMBeanServer().getAttribute(new ObjectName("java.lang:type=OperatingSystem"),
                    "ProcessCpuTime");
        } catch (JMException e) {
            throw new IllegalStateException("JMeter's CPU time cannot be read: " + e.getMessage(), e);
        }
    }
}
