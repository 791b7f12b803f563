package io.idbench.plans.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link RepetitionStart}: by its name; it reads the run's properties, not its own. */
public class RepetitionStartBeanInfo extends BeanInfoSupport {
    public RepetitionStartBeanInfo() {
        super(RepetitionStart.class);
    }
}
