package io.idbench.config;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A value of one of the run's closed choices (storage, search mode, provider, refresh policy), named
 * in lower case as parameters and records spell it. Parsing is shared so that every choice rejects
 * a wrong name with the same one-line message listing the valid ones.
 */
public interface Choice {

    /** The enum constant's name ({@link Enum#name()}). */
    String name();

    /** The name parameters, scenarios and records use (and JSON, where a choice is written): by default the constant's name in lower case. */
    @JsonValue
    default String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of {@code type} named {@code text} (any case), else a {@link ConfigException} "{@code what} must be one of …". */
    static <E extends Enum<E> & Choice> E parse(Class<E> type, String what, String text) {
        return parse(type, what, text, ids(type));
    }

    /** The same, listing the valid names in the order they are declared (plans 1 to 4), not sorted. */
    static <E extends Enum<E> & Choice> E parseInOrder(Class<E> type, String what, String text) {
        return parse(type, what, text, idsInOrder(type));
    }

    private static <E extends Enum<E> & Choice> E parse(Class<E> type, String what, String text, String valid) {
        String wanted = text == null ? null : text.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.id().equals(wanted)) {
                return e;
            }
        }
        throw new ConfigException(what + " must be one of " + valid + ", was '" + text + "'");
    }

    /** The names of {@code type}'s values, sorted: "jsonb, relational". */
    static <E extends Enum<E> & Choice> String ids(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Choice::id).sorted().collect(Collectors.joining(", "));
    }

    /** The names of {@code type}'s values in the order they are declared. */
    static <E extends Enum<E> & Choice> String idsInOrder(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Choice::id).collect(Collectors.joining(", "));
    }
}
