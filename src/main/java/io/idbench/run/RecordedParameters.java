package io.idbench.run;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.ScenarioResolver;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parameters a record keeps: every one, secrets stripped; for another product than idbench's service none of that
 * service's settings (a Keycloak run has no storage or search mode), and the size it was seeded with.
 */
final class RecordedParameters {
    static final String HIDDEN = "***";

    private RecordedParameters() {
    }

    static Map<String, String> of(ScenarioResolver.Resolved r, RunSettings s) {
        Map<String, String> out = stripped(r);
        RunTarget target = s.runTarget();
        if (!s.idbenchService()) {
            Parameters.ALL.stream().filter(p -> p.provisioning() && !p.key().equals(Parameters.USERS)
                    && !(s.provisioned() && target.serviceParameters().contains(p.key()))).forEach(p -> out.remove(p.key()));
        }
        RunTargets.all().stream().filter(t -> t.kind() != s.target).forEach(t -> t.ownParameters().forEach(out::remove));
        if (s.provisioning != null) {
            out.put("provisioning.mix", s.provisioning.mix().csv()); // the mix it ran: Okta's default has no deletes
        }
        if (!s.target.ownService()) {
            out.put(Parameters.USERS, "" + s.users); // the size it was seeded with, not the scenario file's
        }
        return out;
    }

    /** Every parameter, a secret that is set as {@value #HIDDEN}. */
    static Map<String, String> stripped(ScenarioResolver.Resolved r) {
        Map<String, String> out = new LinkedHashMap<>();
        r.values().forEach((k, v) -> out.put(k, Parameters.get(k).map(Parameter::secret).orElse(false) && !v.isEmpty() ? HIDDEN : v));
        return out;
    }
}
