package io.idbench.site;

import java.util.List;
import java.util.Map;

/**
 * One page of the site: where it goes (relative to the site's root), which template renders it,
 * its title, what the template reads, its charts, chart sets and other tables (each also written as a CSV).
 */
public record Page(String path, String template, String title, Map<String, Object> model, List<Chart> charts, List<Table> tables,
        List<ChartSet> sets) {

    public Page(String path, String template, String title, Map<String, Object> model, List<Chart> charts) {
        this(path, template, title, model, charts, List.of(), List.of());
    }

    public Page(String path, String template, String title, Map<String, Object> model, List<Chart> charts, List<Table> tables) {
        this(path, template, title, model, charts, tables, List.of());
    }

    /** The way back to the site's root from this page: "" or "../../../". */
    public String root() {
        return "../".repeat(path.split("/").length - 1);
    }

    /** Whether the page draws anything with Chart.js (and so loads it). */
    public boolean drawsCharts() {
        return !charts.isEmpty() || !sets.isEmpty();
    }
}
