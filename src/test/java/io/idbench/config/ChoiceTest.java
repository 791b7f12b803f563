package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules every value of a closed choice keeps, so that a value added later (a third storage, a
 * new engine) cannot break what its id becomes part of: scenario names split on '-'
 * ({@code jsonb-nodyn-10k}), database and template names are unquoted SQL identifiers, and the
 * classpath holds {@code db/<storage>/schema.sql}.
 */
class ChoiceTest {
    static Stream<Class<? extends Choice>> choices() {
        return Stream.of(Storage.class, SearchMode.class, Provider.class, RefreshPolicy.class, PasswordHash.class, HotSet.class,
                TargetKind.class, Grant.class);
    }

    @ParameterizedTest
    @MethodSource("choices")
    void idsAreDistinctLowerCaseIdentifiersWithoutTheScenarioSeparator(Class<? extends Choice> type) {
        List<String> ids = Arrays.stream(type.getEnumConstants()).map(Choice::id).toList();
        assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.matches("[a-z][a-z0-9_]*"), "a lower-case identifier");
    }

    @ParameterizedTest
    @MethodSource("choices")
    <E extends Enum<E> & Choice> void everyIdParsesBackInAnyCaseAndPrintsAsItself(Class<? extends Choice> type) {
        @SuppressWarnings("unchecked")
        Class<E> enumType = (Class<E>) type;
        for (E e : enumType.getEnumConstants()) {
            assertThat(Choice.parse(enumType, "x", e.id().toUpperCase(Locale.ROOT))).isSameAs(e);
            assertThat(e).hasToString(e.id());
        }
        assertThatThrownBy(() -> Choice.parse(enumType, "the thing", "nope")).isInstanceOf(ConfigException.class)
                .hasMessage("the thing must be one of " + Choice.ids(enumType) + ", was 'nope'");
    }

    @ParameterizedTest
    @MethodSource("storages")
    void everyStorageHasItsSchemaOnTheClassPath(Storage storage) {
        assertThat(ChoiceTest.class.getResource(storage.schemaResource())).as(storage.schemaResource()).isNotNull();
    }

    static Stream<Storage> storages() {
        return Arrays.stream(Storage.values());
    }
}
