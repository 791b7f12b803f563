package io.idbench.plans.jmeter;

import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.timers.Timer;

/**
 * Plan 5's pacing, the timer of each of a provisioning job's requests (not of its bookkeeping samplers): the job's requests
 * arrive at a fixed rate, {@code rate} per second (0: as fast as the target answers), whatever their latency. A job that falls
 * behind sends at once until it is back on its schedule (the record says when a job fell behind: then the run measures the
 * harness). The schedule is the thread's, {@value #NEXT} (ms since the epoch, a double), shared by all its requests' timers;
 * the plan starts it again with each segment.
 */
public class JobPacing extends AbstractTestElement implements Timer, TestBean {
    private static final long serialVersionUID = 1L;

    /** The thread's variable holding when its next request is due. */
    public static final String NEXT = "provisioning.next";

    private String rate = "";

    public String getRate() {
        return rate;
    }

    public void setRate(String rate) {
        this.rate = rate;
    }

    @Override
    public long delay() {
        return delay(JMeterContextService.getContext().getVariables(), System.currentTimeMillis());
    }

    /** The delay in ms before the request due next, {@code now} being the clock's ms; the schedule moves on by one interval. */
    long delay(JMeterVariables vars, long now) {
        double perSecond = perSecond();
        if (perSecond <= 0) {
            return 0;
        }
        Object due = vars.getObject(NEXT);
        double next = due instanceof Number n ? n.doubleValue() : now;
        vars.putObject(NEXT, next + 1000.0 / perSecond);
        return Math.max(0L, (long) Math.ceil(next - now));
    }

    private double perSecond() {
        try {
            return Double.parseDouble(rate.strip());
        } catch (NumberFormatException e) {
            throw new IllegalStateException("pacing: rate must be a number of requests per second, was '" + rate + "'", e);
        }
    }
}
