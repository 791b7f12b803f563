package io.idbench.record;

import io.idbench.config.Api;
import io.idbench.config.OperationKind;
import io.idbench.config.Plan;
import io.idbench.config.PlanOperations;
import io.idbench.config.Protocol;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a recorded label measured: its kind and the interface its requests used (the plan's catalogue, at record time). */
public record OperationType(OperationKind kind, Api api) {

    /** The labels' types as the plan file declares them; a label the plan does not declare (ALL among them) has none. */
    public static Map<String, OperationType> of(Plan plan, Protocol protocol, Collection<String> labels) {
        Map<String, OperationType> out = new LinkedHashMap<>();
        for (String label : labels) {
            PlanOperations.find(plan, protocol, label).ifPresent(o -> out.put(label, new OperationType(o.kind(), o.api())));
        }
        return out;
    }
}
