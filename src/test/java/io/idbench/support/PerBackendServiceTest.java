package io.idbench.support;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * A behaviour of the service proven on each storage (and search mode): the concrete class is a {@code @ParameterizedClass}
 * whose source is one of {@link Backends}', and the service is started afresh for each argument set. One class per
 * behaviour, not one per storage.
 */
public abstract class PerBackendServiceTest extends ServiceTestBase {
    @Parameter(0)
    Storage storage;

    @Parameter(1)
    SearchMode search;

    @Override
    protected Storage storage() {
        return storage;
    }

    @Override
    protected SearchMode search() {
        return search;
    }

    /** Not once for the class: once per argument set, below. */
    @Override
    void startService() {
    }

    @Override
    void stopService() {
    }

    @BeforeParameterizedClassInvocation
    void startForBackend() {
        super.startService();
    }

    @AfterParameterizedClassInvocation
    void stopForBackend() {
        super.stopService();
    }
}
