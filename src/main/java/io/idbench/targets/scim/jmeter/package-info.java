/**
 * Plan 5's compiled sampler: the audit of the target's state after a provisioning cycle, run inside JMeter by the plan's first
 * job. The build packs it, with the schedule's {@link io.idbench.seed.provisioning.Step} and
 * {@link io.idbench.seed.provisioning.IntendedState} and the {@link io.idbench.targets.ProvisioningAudit}, into
 * {@code target/idbench-jmeter.jar}; it may use nothing else of idbench.
 */
package io.idbench.targets.scim.jmeter;
