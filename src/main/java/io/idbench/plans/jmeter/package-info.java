/**
 * The plans' own JMeter elements, compiled: what the plans once embedded as Groovy text. Each is a {@code TestBean}, so that a
 * plan opened in JMeter's GUI shows it with its properties (its {@code *BeanInfo} and {@code *Resources.properties}). The
 * build packs them into {@code target/idbench-jmeter.jar} beside the LDAP samplers; they may use nothing else of idbench.
 */
package io.idbench.plans.jmeter;
