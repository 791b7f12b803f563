package io.idbench.site;

import java.util.List;

/**
 * Charts too many for one page, behind a chooser: one chart at a time (a figure, an operation), each drawn as one or more
 * panels side by side (small multiples, when one chart would need more lines than a reader can tell apart). Every view's
 * numbers are below it and in a CSV each.
 *
 * @param panels the panels' titles, the same in every view ("" for a set of one panel)
 * @param views  what the chooser offers, the first drawn on arrival
 */
public record ChartSet(String id, String title, String choice, List<String> panels, List<View> views) {

    /** One choice: its name in the chooser, and a chart per panel (one without series draws nothing, and says so). */
    public record View(String name, List<Chart> charts) {
    }

    /** A chart at a time, from a single panel. */
    static ChartSet single(String id, String title, String choice, List<Chart> charts, List<String> names) {
        List<View> views = new java.util.ArrayList<>();
        for (int i = 0; i < charts.size(); i++) {
            views.add(new View(names.get(i), List.of(charts.get(i))));
        }
        return new ChartSet(id, title, choice, List.of(""), views);
    }

    /** Every chart of every view, for their JSON and CSV. */
    public List<Chart> charts() {
        return views.stream().flatMap(v -> v.charts().stream()).toList();
    }
}
