package io.idbench.plans.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link IterationChecks}: by its name; it reads the run's properties, not its own. */
public class IterationChecksBeanInfo extends BeanInfoSupport {
    public IterationChecksBeanInfo() {
        super(IterationChecks.class);
    }
}
