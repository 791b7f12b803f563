/**
 * The SCIM plans' compiled helpers, run inside JMeter: plan 5's audit of the target's state after a provisioning cycle, run by
 * the plan's first job, and a staged plan's SQL per operation ({@link io.idbench.targets.scim.jmeter.StageStatements}). The
 * build packs them, with the schedule's {@link io.idbench.seed.provisioning.Step} and
 * {@link io.idbench.seed.provisioning.IntendedState} and the {@link io.idbench.targets.ProvisioningAudit}, into
 * {@code target/idbench-jmeter.jar}; they may use nothing else of idbench.
 */
package io.idbench.targets.scim.jmeter;
