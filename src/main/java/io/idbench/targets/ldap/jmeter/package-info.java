/**
 * The LDAP plans' operations as JMeter Java samplers (one class per operation), run inside JMeter against the directory on
 * the thread's connection ({@link io.idbench.targets.ldap.jmeter.ThreadConnection}). The build packs them, with
 * {@link io.idbench.targets.ldap.LdapIdentity}, into {@code target/idbench-jmeter.jar}, which JMeter loads
 * ({@code user.classpath}); JMeter brings the UnboundID SDK and Jackson. They may use nothing else of idbench.
 */
package io.idbench.targets.ldap.jmeter;
