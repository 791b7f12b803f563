package io.idbench.site;

import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A table of text cells: the numbers behind a chart, rendered on its page and written as CSV. */
public record Table(String id, List<String> header, List<List<String>> rows) {
    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.ALWAYS_QUOTE_STRINGS).build();

    /** The CSV file's path relative to the site's root. */
    public String csv() {
        return "data/" + id + ".csv";
    }

    void writeCsv(Path siteRoot) {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        try {
            Path file = siteRoot.resolve(csv());
            Files.createDirectories(file.getParent());
            Files.writeString(file, CSV.writeValueAsString(all));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whole numbers without decimals, small ones with up to three significant decimals, NaN as empty. */
    public static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
