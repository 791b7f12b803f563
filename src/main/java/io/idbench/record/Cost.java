package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * A run's cost over its repetitions: CPU µs per request of each component and of the system under test (service, PostgreSQL
 * and engine), with a bootstrap interval over the repetitions; context switches per request; the machine over all windows;
 * why the run was disturbed, or null; and KiB each component read from the disk per request (not from the page cache:
 * what a store whose data no longer fits in memory pays; null in records before it was sampled).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Cost(Map<String, Interval> cpuUsPerRequest, Map<String, Double> switchesPerRequest, MachineState machine,
        String disturbed, int repetitions, Map<String, Double> diskReadKiBPerRequest) {

    public Cost(Map<String, Interval> cpuUsPerRequest, Map<String, Double> switchesPerRequest, MachineState machine,
            String disturbed, int repetitions) {
        this(cpuUsPerRequest, switchesPerRequest, machine, disturbed, repetitions, null);
    }

    /** The system under test: what a storage strategy costs, without the load generator and the build. */
    public static final String SYSTEM_UNDER_TEST = "systemUnderTest";
}
