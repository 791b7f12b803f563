package io.idbench.scim;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Canonical form of SCIM dateTime values: UTC, whole seconds, {@code 1988-01-18T00:00:00Z}. The
 * form is fixed-width, so its text order is chronological order: storages can index and compare
 * the stored text directly, and the in-memory evaluator agrees with them.
 */
public final class DateTimes {
    private static final DateTimeFormatter CANONICAL = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    private DateTimes() {
    }

    /** Accepts xsd:dateTime with an offset or 'Z', or a plain date (midnight UTC). */
    public static Optional<String> canonical(String text) {
        return parse(text).map(DateTimes::format);
    }

    public static Optional<Instant> parse(String text) {
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException notOffsetDateTime) {
            try {
                return Optional.of(LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant());
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }

    public static String format(Instant instant) {
        return CANONICAL.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }
}
