package io.idbench.support;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * What a behaviour of the service is proven on: the argument sets (storage, search mode) of the parameterized test classes
 * ({@link PerBackendServiceTest}). A new storage or engine is taken by every one of them without a new class.
 */
public final class Backends {
    private Backends() {
    }

    /** Every storage, searches answered by its own SQL. */
    public static Stream<Arguments> storages() {
        return Arrays.stream(Storage.values()).map(s -> Arguments.of(s, SearchMode.SQL));
    }

    /** Every storage with every search mode: SQL and each engine. */
    public static Stream<Arguments> storagesAndSearchModes() {
        return Arrays.stream(Storage.values()).flatMap(s -> Arrays.stream(SearchMode.values()).map(m -> Arguments.of(s, m)));
    }

    /** Each engine once, each storage once: what the index itself does, on both engines and behind both storages. */
    public static Stream<Arguments> engines() {
        SearchMode[] engines = Arrays.stream(SearchMode.values()).filter(SearchMode::engine).toArray(SearchMode[]::new);
        Storage[] storages = Storage.values();
        return Stream.iterate(0, i -> i < Math.max(engines.length, storages.length), i -> i + 1)
                .map(i -> Arguments.of(storages[i % storages.length], engines[i % engines.length]));
    }

    /** JSONB behind Elasticsearch: a single setting for a test that brings its own engine. */
    public static Stream<Arguments> jsonbOnElasticsearch() {
        return Stream.of(Arguments.of(Storage.JSONB, SearchMode.ELASTICSEARCH));
    }
}
