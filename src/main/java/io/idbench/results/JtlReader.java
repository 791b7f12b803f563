package io.idbench.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.idbench.record.Side;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Streams the samples of a JMeter CSV results file (plain or {@code .gz}), by the column names of
 * its header line, so a file of millions of samples is never held in memory. Sub-results
 * (JMeter's {@code label-0} children of a transaction) are ordinary rows and are kept.
 */
public final class JtlReader {
    /** The columns idbench needs; JMeter writes them with its default CSV settings. */
    public static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "success", "allThreads");

    /** Optional columns the idbench plans add (JMeter's sample_variables): the plan phase and the Server-Timing in ms. */
    public static final String PHASE = "phase";
    public static final String SERVER_MILLIS = "serverMs";
    public static final String SERVER_CPU_MILLIS = "serverCpuMs";
    public static final String REP = "rep";
    public static final String SIDE = "side";
    public static final String ENGINE_CPU_MILLIS = "engineCpuMs";
    public static final String ENGINE_CORES = "engineCores";

    private JtlReader() {
    }

    public static void read(Path jtl, Consumer<JtlSample> each) {
        // Labels, phases and thread names are a few dozen texts over millions of samples (a soak's): each kept once.
        Map<String, String> texts = new HashMap<>();
        readRows(jtl, (row, line) -> each.accept(sample(row, jtl, line, texts)));
    }

    /** One row of a JTL, by column name, and its line. */
    @FunctionalInterface
    public interface Row {
        void accept(Map<String, String> row, long line);
    }

    /** Every row of a JTL as JMeter wrote it, by column name; the columns idbench needs must be there. */
    public static void readRows(Path jtl, Row each) {
        try (InputStream in = open(jtl);
                MappingIterator<Map<String, String>> rows = new CsvMapper().readerForMapOf(String.class)
                        .with(CsvSchema.emptySchema().withHeader()).readValues(in)) {
            long line = 1;
            while (rows.hasNextValue()) {
                Map<String, String> row = rows.nextValue();
                line++;
                if (line == 2) {
                    for (String column : REQUIRED) {
                        if (!row.containsKey(column)) {
                            throw new IllegalArgumentException(jtl + " has no column '" + column + "' (columns: " + row.keySet() + ")");
                        }
                    }
                }
                each.accept(row, line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jtl + ": " + e.getMessage(), e);
        }
    }

    /**
     * Copies a JTL, compressed, without the samples of {@code phase}: column by column as JMeter wrote them, quoted only where
     * CSV needs it. The samples left out are counted.
     */
    public static long copyWithout(Path jtl, Path gz, String phase) {
        CsvMapper csv = CsvMapper.builder().enable(CsvParser.Feature.WRAP_AS_ARRAY).enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
                .build();
        try (InputStream in = open(jtl);
                MappingIterator<String[]> rows = csv.readerFor(String[].class).readValues(in);
                Writer out = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16), StandardCharsets.UTF_8);
                SequenceWriter copy = csv.writerFor(String[].class).writeValues(out)) {
            if (!rows.hasNextValue()) {
                return 0;
            }
            String[] header = rows.nextValue();
            copy.write(header);
            int column = Arrays.asList(header).indexOf(PHASE);
            long left = 0;
            while (rows.hasNextValue()) {
                String[] row = rows.nextValue();
                if (column >= 0 && column < row.length && phase.equals(row[column])) {
                    left++;
                } else {
                    copy.write(row);
                }
            }
            return left;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + jtl + " to " + gz + ": " + e.getMessage(), e);
        }
    }

    private static JtlSample sample(Map<String, String> row, Path jtl, long line, Map<String, String> texts) {
        try {
            String phase = blank(row.get(PHASE)) ? null : once(texts, row.get(PHASE));
            return new JtlSample(Long.parseLong(row.get("timeStamp")), Long.parseLong(row.get("elapsed")), once(texts, row.get("label")),
                    Boolean.parseBoolean(row.get("success")), Integer.parseInt(row.get("allThreads")),
                    phase, millis(row.get(SERVER_MILLIS)), millis(row.get(SERVER_CPU_MILLIS)),
                    blank(row.get(REP)) ? 1 : Integer.parseInt(row.get(REP)),
                    blank(row.get(SIDE)) ? Side.A : side(row.get(SIDE), jtl, line),
                    once(texts, row.getOrDefault("threadName", "")), millis(row.get(ENGINE_CPU_MILLIS)),
                    blank(row.get(ENGINE_CORES)) ? 0 : Integer.parseInt(row.get(ENGINE_CORES)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(jtl + " line " + line + ": not a number: " + e.getMessage(), e);
        }
    }

    private static String once(Map<String, String> texts, String text) {
        return text == null ? null : texts.computeIfAbsent(text, t -> t);
    }

    private static Side side(String column, Path jtl, long line) {
        try {
            return Side.valueOf(column);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(jtl + " line " + line + ": side '" + column + "' is neither A nor B", e);
        }
    }

    /** Absent, empty, or "null": JMeter's value of a sample variable the sample's thread never set. */
    private static boolean blank(String column) {
        return column == null || column.isEmpty() || column.equals("null");
    }

    private static double millis(String column) {
        return blank(column) ? Double.NaN : Double.parseDouble(column);
    }

    private static InputStream open(Path jtl) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(jtl), 1 << 16);
        return jtl.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
    }
}
