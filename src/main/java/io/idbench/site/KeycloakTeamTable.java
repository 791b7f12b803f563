package io.idbench.site;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.idbench.config.TargetKind;
import io.idbench.results.RecordedRun;
import io.idbench.results.ScenarioNames;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Plan 6 beside the Keycloak team's own figures ({@code site/reference/keycloak-team-published.csv}: keycloak/keycloak#51400
 * and #51401): per published row, theirs (another machine: compare ratios, not milliseconds) and idbench's median of the same
 * operation at the same size over SCIM and over the Admin API from the newest complete Keycloak run, and each side's ratio, SCIM
 * over Admin API or the growth from the smaller size.
 */
final class KeycloakTeamTable {
    static final String RESOURCE = SiteWriter.FILES + "reference/keycloak-team-published.csv";
    static final List<String> COLUMNS = List.of("operation", "identities", "Keycloak team: SCIM (ms)", "Admin API (ms)",
            "their ratio", "idbench: SCIM p50 (ms)", "Admin API p50 (ms)", "idbench's ratio", "what they found");

    record Published(String issue, String operation, long users, double scimMs, Double adminMs, String theirName, String note) {
    }

    private KeycloakTeamTable() {
    }

    static List<Published> published() {
        List<Published> rows = new ArrayList<>();
        try (InputStream in = KeycloakTeamTable.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the Keycloak team's figures " + RESOURCE + " are not on the class path");
            }
            MappingIterator<Map<String, String>> it = new CsvMapper().readerFor(Map.class).with(CsvSchema.emptySchema().withHeader())
                    .readValues(in);
            while (it.hasNext()) {
                Map<String, String> r = it.next();
                rows.add(new Published(r.get("issue"), r.get("operation"), Long.parseLong(r.get("users")),
                        Double.parseDouble(r.get("scim_ms")),
                        r.get("admin_ms").isBlank() ? null : Double.parseDouble(r.get("admin_ms")), r.get("their_name"), r.get("note")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** The rows, one per published figure; idbench's from the newest complete Keycloak run of each size among {@code runs}. */
    static Table table(String id, List<RecordedRun> runs) {
        Map<Long, RecordedRun> bySize = new LinkedHashMap<>();
        runs.stream().filter(r -> r.target() == TargetKind.KEYCLOAK).forEach(r -> bySize.putIfAbsent(r.users(), r));
        List<Published> published = published();
        List<List<String>> rows = new ArrayList<>();
        for (Published p : published) {
            Optional<RecordedRun> run = Optional.ofNullable(bySize.get(p.users()));
            double scim = run.map(r -> r.figure(p.operation() + " (SCIM)", "p50")).orElse(Double.NaN);
            double admin = run.map(r -> r.figure(p.operation() + " (Admin API)", "p50")).orElse(Double.NaN);
            String theirs;
            String ours;
            if (p.adminMs() != null) {
                theirs = ratio(p.scimMs(), p.adminMs());
                ours = ratio(scim, admin);
            } else {
                // A row without the Admin API is a size in a growth: its ratio is to the smaller size's row of the operation.
                Optional<Published> smaller = published.stream().filter(q -> q.operation().equals(p.operation()) && q.adminMs() == null
                        && q.users() < p.users()).findFirst();
                theirs = smaller.map(q -> growth(p.scimMs(), q.scimMs(), q.users())).orElse("");
                ours = smaller.flatMap(q -> Optional.ofNullable(bySize.get(q.users())))
                        .map(r -> growth(scim, r.figure(p.operation() + " (SCIM)", "p50"), r.users())).orElse("");
            }
            rows.add(List.of(p.operation() + " (" + p.theirName() + ", #" + p.issue() + ")", ScenarioNames.size(p.users()),
                    Format.figure(p.scimMs()), p.adminMs() == null ? "" : Format.figure(p.adminMs()), theirs, ms(scim), ms(admin), ours,
                    p.note()));
        }
        return new Table(id, COLUMNS, rows);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "not run" : Format.figure(v);
    }

    /** SCIM over the Admin API, or, where the Admin API is the slower, how many times slower it is. */
    private static String ratio(double scim, double admin) {
        if (Double.isNaN(scim) || Double.isNaN(admin) || admin <= 0 || scim <= 0) {
            return "";
        }
        return scim >= admin ? Format.figure(scim / admin) + " ×" : "Admin API " + Format.figure(admin / scim) + " × slower";
    }

    private static String growth(double at, double from, long fromUsers) {
        return Double.isNaN(at) || Double.isNaN(from) || from <= 0 ? ""
                : String.format(java.util.Locale.ROOT, "%+.0f %% from %s", (at / from - 1) * 100, ScenarioNames.size(fromUsers));
    }
}
