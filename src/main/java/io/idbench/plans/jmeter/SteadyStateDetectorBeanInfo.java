package io.idbench.plans.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link SteadyStateDetector}: by its name; it reads the run's properties, not its own. */
public class SteadyStateDetectorBeanInfo extends BeanInfoSupport {
    public SteadyStateDetectorBeanInfo() {
        super(SteadyStateDetector.class);
    }
}
