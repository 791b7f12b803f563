package io.idbench.site;

import io.idbench.results.ScenarioNames;
import io.idbench.site.FindingsPage.Brief;
import io.idbench.site.FindingsPage.Finding;
import io.idbench.site.FindingsPage.Outcome;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** A findings section summed up in one line, so that a reader gets the answer before the figures that carry it. */
final class Headlines {
    private Headlines() {
    }

    /**
     * For comparisons: per subject, how many answers came out better, worse, mixed or alike, and where ("JSONB: better in 10
     * of 12 (heterogeneous at 1k, 10k and 100k; …), not measurably different in 1 (members at 1m).").
     */
    static String outcomes(List<Finding> findings) {
        Map<String, List<Brief>> bySubject = findings.stream().map(Finding::brief)
                .collect(Collectors.groupingBy(Brief::subject, LinkedHashMap::new, Collectors.toList()));
        return bySubject.entrySet().stream().map(e -> e.getKey() + ": " + counts(e.getValue())).collect(Collectors.joining(" "));
    }

    private static String counts(List<Brief> briefs) {
        Map<Outcome, List<Brief>> byOutcome = briefs.stream()
                .collect(Collectors.groupingBy(Brief::outcome, () -> new EnumMap<>(Outcome.class), Collectors.toList()));
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (Map.Entry<Outcome, List<Brief>> e : byOutcome.entrySet()) {
            out.append(first ? "" : ", ").append(e.getKey().words).append(" in ").append(e.getValue().size());
            if (first && briefs.size() > 1) {
                out.append(" of ").append(briefs.size());
            }
            out.append(" (").append(places(e.getValue())).append(")");
            first = false;
        }
        return out.append(".").toString();
    }

    /** "heterogeneous at 1k, 10k and 100k; members at 1m": the sizes of each place, smallest first. */
    private static String places(List<Brief> briefs) {
        Map<String, TreeSet<Long>> sizes = new LinkedHashMap<>();
        briefs.forEach(b -> sizes.computeIfAbsent(b.where(), k -> new TreeSet<>()).add(b.users()));
        return sizes.entrySet().stream().map(e -> e.getKey() + " at " + and(e.getValue().stream().map(ScenarioNames::size).toList()))
                .collect(Collectors.joining("; "));
    }

    /** How throughput changes per tenfold more identities, the strategy that keeps most of it first. */
    static String scaling(List<Finding> findings) {
        return "Throughput per tenfold more identities, the best-scaling first: " + findings.stream().map(Finding::brief)
                .sorted(Comparator.comparingDouble(Brief::figure).reversed())
                .map(b -> b.subject() + " (" + b.where() + ") " + Contrast.times(b.figure()) + "x").collect(Collectors.joining("; "))
                + ".";
    }

    /** The range of today's throughput over 2018's published figures. */
    static String versus2018(List<Finding> findings) {
        DoubleSummaryStatistics ratios = findings.stream().mapToDouble(f -> f.brief().figure()).summaryStatistics();
        String range = ratios.getMin() == ratios.getMax() ? Contrast.times(ratios.getMax()) + "x"
                : Contrast.times(ratios.getMin()) + "x to " + Contrast.times(ratios.getMax()) + "x";
        return "idbench serves " + range + " the throughput 2018 published, in " + findings.size()
                + (findings.size() == 1 ? " scenario" : " scenarios")
                + " of its matrix (other hardware and software: a distance, not a contest).";
    }

    private static String and(List<String> items) {
        return items.size() == 1 ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
