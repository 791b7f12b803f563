package io.idbench.site;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.idbench.config.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The 2018 study's published figures (Tirasa's Syncope benchmark, {@code site/reference/syncoperf-published.csv}),
 * and how its names map onto idbench's: {@code pgjsonb} is jsonb, {@code postgres} is relational
 * (MariaDB and MySQL have no idbench counterpart), and its one "Read existing user" stands for
 * both of idbench's reads.
 */
final class Published2018 {
    static final String RESOURCE = SiteWriter.FILES + "reference/syncoperf-published.csv";
    static final Map<String, Storage> STORAGE = Map.of("pgjsonb", Storage.JSONB, "postgres", Storage.RELATIONAL);
    /** idbench's operation -> the 2018 label it is compared with. */
    static final Map<String, String> LABELS = labels();

    record Row(String scenario, String edition, String label, long samples, double errorPct, double mean, double p50, double p90,
            double p95, double p99, double throughput) {
    }

    private final Map<String, List<Row>> byScenario;

    private Published2018(Map<String, List<Row>> byScenario) {
        this.byScenario = byScenario;
    }

    static Published2018 load() {
        Map<String, List<Row>> rows = new LinkedHashMap<>();
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        try (InputStream in = Published2018.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the 2018 reference " + RESOURCE + " is not on the class path");
            }
            MappingIterator<Map<String, String>> it = new CsvMapper().readerFor(Map.class).with(schema).readValues(in);
            while (it.hasNext()) {
                Map<String, String> r = it.next();
                Row row = new Row(r.get("scenario"), r.get("edition"), r.get("label"), Long.parseLong(r.get("samples")),
                        num(r.get("error_pct")), num(r.get("mean_ms")), num(r.get("median_ms")), num(r.get("p90_ms")),
                        num(r.get("p95_ms")), num(r.get("p99_ms")), num(r.get("throughput_rps")));
                rows.computeIfAbsent(row.scenario(), s -> new ArrayList<>()).add(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Published2018(rows);
    }

    private static double num(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    /** The 2018 scenarios whose storage idbench has, with the idbench scenario name: pgjsonb-1k -> jsonb-1k. */
    Map<String, String> comparable() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String scenario : byScenario.keySet()) {
            int dash = scenario.indexOf('-');
            Storage storage = STORAGE.get(scenario.substring(0, dash));
            if (storage != null) {
                out.put(scenario, storage.id() + scenario.substring(dash));
            }
        }
        return out;
    }

    Optional<Row> row(String scenario, String label) {
        return byScenario.getOrDefault(scenario, List.of()).stream().filter(r -> r.label().equals(label)).findFirst();
    }

    String edition(String scenario) {
        return byScenario.get(scenario).get(0).edition();
    }

    private static Map<String, String> labels() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Create new user", "Create new user");
        m.put("Search existing user", "Search existing user");
        m.put("Read existing user by id", "Read existing user");
        m.put("Read new user by userName", "Read existing user");
        m.put("Update existing user", "Update existing user");
        m.put("Delete new user", "Delete existing user");
        m.put("ALL", "Total");
        return m;
    }
}
