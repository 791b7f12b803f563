package io.idbench.plans.jmeter;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link JobPacing}: its one property, the rate. */
public class JobPacingBeanInfo extends BeanInfoSupport {
    public JobPacingBeanInfo() {
        super(JobPacing.class);
        createPropertyGroup("pacing", new String[] {"rate"});
        PropertyDescriptor rate = property("rate");
        rate.setValue(NOT_UNDEFINED, Boolean.TRUE);
        rate.setValue(DEFAULT, "${__P(provisioning.rate,25)}");
    }
}
