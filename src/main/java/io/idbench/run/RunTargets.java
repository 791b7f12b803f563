package io.idbench.run;

import io.idbench.config.TargetKind;
import java.util.Arrays;
import java.util.List;

/** The one place that maps a target kind to what a run does with it (docs/adding-a-target.md). */
final class RunTargets {
    private RunTargets() {
    }

    static RunTarget of(TargetKind kind) {
        return switch (kind) {
            case IDBENCH -> new OwnServiceTarget();
            case KEYCLOAK -> new KeycloakTarget();
            case OPENLDAP -> new OpenldapTarget();
        };
    }

    /** Every kind's, in the order of {@link TargetKind}. */
    static List<RunTarget> all() {
        return Arrays.stream(TargetKind.values()).map(RunTargets::of).toList();
    }
}
