package io.idbench.config;

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

    /** The name parameters, scenarios and records use: by default the constant's name in lower case. */
    default String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of {@code type} named {@code text} (any case), else a {@link ConfigException} "{@code what} must be one of …". */
    static <E extends Enum<E> & Choice> E parse(Class<E> type, String what, String text) {
        String wanted = text == null ? null : text.toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.id().equals(wanted)) {
                return e;
            }
        }
        throw new ConfigException(what + " must be one of " + ids(type) + ", was '" + text + "'");
    }

    /** The names of {@code type}'s values, sorted: "jsonb, relational". */
    static <E extends Enum<E> & Choice> String ids(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Choice::id).sorted().collect(Collectors.joining(", "));
    }
}
