package io.idbench.record;

import java.util.Map;

/**
 * A run's cost over its repetitions: CPU µs per request of each component and of the system under test (service, PostgreSQL
 * and engine), with a bootstrap interval over the repetitions; context switches per request; the machine over all windows;
 * why the run was disturbed, or null.
 */
public record Cost(Map<String, Interval> cpuUsPerRequest, Map<String, Double> switchesPerRequest, MachineState machine,
        String disturbed, int repetitions) {

    /** The system under test: what a storage strategy costs, without the load generator and the build. */
    public static final String SYSTEM_UNDER_TEST = "systemUnderTest";
}
