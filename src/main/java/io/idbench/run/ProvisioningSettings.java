package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.CycleMix;
import io.idbench.config.Plan;
import io.idbench.config.ProvisioningClient;
import io.idbench.config.ScenarioResolver;
import io.idbench.seed.provisioning.ProvisioningSchedule;
import java.util.List;

/**
 * Plan 5's settings, validated together before anything starts: the client it speaks as, its groups, cycles and changes, the
 * mix of a cycle (Okta's default has no deletes: it deactivates instead), each job's pace and the users present before the
 * initial cycle.
 */
record ProvisioningSettings(ProvisioningClient client, int groups, int cycles, int changes, CycleMix mix, int rate, int present) {
    /** Its parameters, which no other plan takes. */
    static final List<String> KEYS = List.of("client", "provisioning.groups", "provisioning.cycles", "provisioning.changes",
            "provisioning.mix", "provisioning.rate", "provisioning.present");
    /**
     * Requests per second one core of this machine can send for JMeter's plan 5 and still leave the target its share: JMeter
     * spent about 100-140 µs of CPU per SCIM request here (docs/figures.md), so 2,000/s is a fifth of a core's time at most.
     */
    static final int MAX_RATE_PER_CORE = 2_000;

    /** The plan's settings, or null for a plan that takes none (any of its parameters given is then refused). */
    static ProvisioningSettings of(ScenarioResolver.Resolved r, Plan plan, long users, int jobs, int cores) {
        if (plan.inputs() != Plan.Inputs.PROVISIONING_SCHEDULE) {
            KEYS.stream().filter(r::explicit).findFirst().ifPresent(k -> {
                throw new ConfigException(k + " is set, but plan is " + plan + "; it configures plan provisioning (-Dplan=provisioning)");
            });
            return null;
        }
        ProvisioningClient client = ProvisioningClient.parse(r.get("client"));
        CycleMix mix = CycleMix.parse(r.get("provisioning.mix"));
        if (!r.explicit("provisioning.mix") && !client.deletesUsers()) {
            mix = mix.deactivatingInsteadOfDeleting();
        }
        ProvisioningSettings s = new ProvisioningSettings(client, RunSettings.intIn(r, "provisioning.groups"),
                RunSettings.intIn(r, "provisioning.cycles"), RunSettings.intIn(r, "provisioning.changes"), mix.checkedFor(client),
                RunSettings.intIn(r, "provisioning.rate"), RunSettings.intIn(r, "provisioning.present"));
        if (users < 1) {
            throw new ConfigException("plan " + plan + " provisions users identities itself (none is seeded); give users > 0");
        }
        if (s.groups > users) {
            throw new ConfigException("provisioning.groups (" + s.groups + ") is more than users (" + users
                    + "): every group of the initial cycle needs a member");
        }
        long total = (long) s.rate * jobs;
        if (total > (long) MAX_RATE_PER_CORE * cores) {
            throw new ConfigException("provisioning.rate " + s.rate + "/s x " + jobs + " jobs (threads) = " + total + " requests/s is"
                    + " more than JMeter can send on this machine's " + cores + " cores (at most " + MAX_RATE_PER_CORE * cores
                    + "/s); lower provisioning.rate or threads");
        }
        return s;
    }

    /** The schedule of a run: its names start with {@code prefix}, its steps are spread over {@code jobs}. */
    ProvisioningSchedule schedule(String prefix, long users, int jobs) {
        return ProvisioningSchedule.of(new ProvisioningSchedule.Settings(prefix, Math.toIntExact(users), groups, jobs, cycles, changes,
                mix, present, 42));
    }

    /** How the prepare step states it. */
    String describe(int jobs) {
        return "client " + client + ", " + jobs + " jobs at " + (rate == 0 ? "full speed" : rate + " requests/s each") + ", "
                + groups + " groups, " + (present > 0 ? present + " % of the users present before the initial cycle, " : "")
                + cycles + " incremental cycle" + (cycles == 1 ? "" : "s") + " of up to " + changes + " changes (" + mix + ")";
    }
}
