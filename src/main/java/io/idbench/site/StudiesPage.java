package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.record.Cost;
import io.idbench.record.Interval;
import io.idbench.record.Provisioning;
import io.idbench.record.Repetition;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The studies of docs/workload.md beyond the 2018 one, a section per plan as its {@link Plan.Study} says: its operations'
 * figures against the size (plans 2 and 3: a chart with a chooser of figure and operation, none drawn before a strategy ran at
 * two sizes), a table of threads by size per operation (plan 4, as Stellio reported it), a table of provisioning cycles
 * (plan 5), or the chart and a table beside the figures the plan's origin published (plan 6, the Keycloak team's).
 */
final class StudiesPage {

    private StudiesPage() {
    }

    /** One Stellio table: a storage on a machine; rows operation x size, columns threads x (req/s, p95). */
    record StellioTable(String id, String machine, String axes, List<Integer> threads, Table table) {
    }

    /** One plan's section: its runs, and its chart set (against the size) or its tables (threads by size). */
    record Section(Plan plan, List<RecordedRun> runs, ChartSet set, List<StellioTable> tables) {
        public boolean threadsBySize() {
            return plan.study() == Plan.Study.THREADS_BY_SIZE;
        }

        public boolean cycles() {
            return plan.study() == Plan.Study.CYCLES;
        }

        public boolean besidePublished() {
            return plan.study() == Plan.Study.BESIDE_PUBLISHED;
        }
    }

    static Page build(RunHistory history) {
        boolean machines = history.machines().size() > 1;
        Function<RecordedRun, String> machine = r -> machines ? " (" + r.machineLabel() + ")" : "";
        Map<String, ScalingCharts.Style> styles = new HashMap<>();
        Function<String, ScalingCharts.Style> style = name -> styles.computeIfAbsent(name,
                n -> new ScalingCharts.Style(Chart.colour(styles.size()), false));
        List<Section> sections = new ArrayList<>();
        for (Plan plan : Plan.values()) {
            switch (plan.study()) {
                case OWN_PAGES -> {
                }
                case CYCLES -> {
                    // A run whose audit failed measured all the same: what a store got wrong is this study's finding.
                    List<RecordedRun> runs = history.newest(r -> r.plan() == plan && r.record().provisioning() != null,
                            r -> r.load().driven());
                    sections.add(new Section(plan, runs, null, cycles(plan, runs)));
                }
                case BESIDE_PUBLISHED -> {
                    List<RecordedRun> runs = history.latestComplete(r -> r.plan() == plan);
                    sections.add(new Section(plan, runs, set(plan.id(), "Plan " + plan.number() + " against the identities", runs,
                            RecordedRun.operations(runs), r -> r.series() + machine.apply(r), style),
                            List.of(new StellioTable(plan.id()
                                    + "-published", runs.isEmpty() ? "" : runs.get(0).machineLabel(), "", List.of(),
                                    KeycloakTeamTable.table(plan.id() + "-published", runs)))));
                }
                case AGAINST_SIZE -> {
                    List<RecordedRun> runs = history.latestComplete(r -> r.plan() == plan, RecordedRun::openModel);
                    // A plan that offers the open model says which model each line ran; the others need not.
                    Function<RecordedRun, String> group = !plan.offersOpenModel() ? r -> r.series() + machine.apply(r)
                            : r -> r.series() + (r.openModel() ? ", open " + r.parameter("rate") + " req/s" : ", closed " + r.threads()
                                    + " threads") + machine.apply(r);
                    List<String> operations = plan.offersOpenModel() ? List.of(RunStatistics.ALL) : RecordedRun.operations(runs);
                    sections.add(new Section(plan, runs, set(plan.id(), "Plan " + plan.number() + " against the identities", runs,
                            operations, group, style), List.of()));
                }
                case THREADS_BY_SIZE -> {
                    List<RecordedRun> runs = history.latestComplete(r -> r.plan() == plan, RecordedRun::threads);
                    sections.add(new Section(plan, runs, null, stellio(plan, runs)));
                }
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sections", sections);
        return new Page("studies.html", "studies", "Studies", m, List.of(),
                sections.stream().flatMap(x -> x.tables().stream()).map(StellioTable::table).toList(),
                sections.stream().map(Section::set).filter(java.util.Objects::nonNull).toList());
    }

    /** A chart of each operation and figure against the size, one line per group; null when no group ran at two sizes. */
    private static ChartSet set(String id, String title, List<RecordedRun> runs, List<String> operations,
            Function<RecordedRun, String> group, Function<String, ScalingCharts.Style> style) {
        List<ChartSet.View> views = new ArrayList<>();
        for (String op : operations) {
            ScalingCharts.FIGURES.forEach((figure, unit) -> views.add(new ChartSet.View(
                    operations.size() > 1 ? op + " · " + figure : figure, List.of(ScalingCharts.chart(id + "-" + Chart.slug(op) + "-"
                            + figure, op + ": " + figure, ScalingCharts.strategies(runs, group, style), op, figure, unit)))));
        }
        boolean drawn = views.stream().flatMap(v -> v.charts().stream()).anyMatch(Chart::hasLine);
        return drawn ? new ChartSet(id, title, operations.size() > 1 ? "Operation and figure" : "Figure", List.of(""), views) : null;
    }

    /**
     * Plan 5 per machine: a row per client, store and size (and load), with the initial sync's time per 1,000 users, the first
     * incremental cycle's changes and time, the p95 of both, the system under test's CPU per request, failures and audits.
     */
    private static List<StellioTable> cycles(Plan plan, List<RecordedRun> runs) {
        Map<String, List<RecordedRun>> byMachine = new LinkedHashMap<>();
        runs.forEach(r -> byMachine.computeIfAbsent(r.machine(), k -> new ArrayList<>()).add(r));
        List<StellioTable> out = new ArrayList<>();
        for (List<RecordedRun> group : byMachine.values()) {
            List<List<String>> rows = new ArrayList<>();
            for (RecordedRun r : group) {
                Provisioning p = r.record().provisioning();
                Provisioning.Cycle first = p.cycles().stream().filter(c -> c.cycle() == 1).findFirst().orElse(null);
                Repetition initial = r.record().settling().isEmpty() ? null : r.record().settling().get(0);
                Interval cpu = r.record().cost() == null ? null : r.record().cost().cpuUsPerRequest().get(Cost.SYSTEM_UNDER_TEST);
                rows.add(List.of(p.client(), r.series(), ScenarioNames.size(r.users()),
                        p.cycles().stream().filter(c -> c.cycle() >= 0).allMatch(Provisioning.Cycle::held) ? "held"
                                : "mismatches: the run failed",
                        p.keptPace() ? "kept" : "fell behind", Format.figure(p.secondsPer1000Users()),
                        initial == null ? "" : Format.figure(initial.figure(RunStatistics.ALL, "p95")),
                        first == null ? "" : Format.count(first.objects()) + " in " + Format.figure(first.seconds()) + " s",
                        Format.figure(r.figure(RunStatistics.ALL, "p95")), cpu == null ? "" : Format.figure(cpu.value()),
                        Format.count(p.failures()) + " of " + Format.count(p.requests()) + (p.quarantined() ? " (quarantined)" : ""),
                        r.load().driven()));
            }
            RecordedRun firstRun = group.get(0);
            String id = plan.id() + "-" + (out.size() + 1);
            out.add(new StellioTable(id, firstRun.machineLabel(), "", List.of(),
                    new Table(id, List.of("client", "store", "users", "audits", "pace",
                            "initial sync: s per 1,000 users", "initial: p95 (ms)", "cycle 1: changes in", "cycle 1: p95 (ms)",
                            "CPU µs per request (system under test)", "failed", "load"), rows)));
        }
        return out;
    }

    private static List<StellioTable> stellio(Plan plan, List<RecordedRun> runs) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(r.machine() + "\u0000" + r.axes(), k -> new ArrayList<>()).add(r));
        List<StellioTable> out = new ArrayList<>();
        for (List<RecordedRun> group : groups.values()) {
            List<Integer> threads = new ArrayList<>(new TreeSet<>(group.stream().map(RecordedRun::threads).toList()));
            List<Long> sizes = new ArrayList<>(new TreeSet<>(group.stream().map(RecordedRun::users).toList()));
            List<String> header = new ArrayList<>(List.of("operation", "identities"));
            threads.forEach(t -> {
                header.add(t + " threads: req/s");
                header.add(t + " threads: p95 (ms)");
            });
            List<List<String>> rows = new ArrayList<>();
            for (String op : RecordedRun.operations(group)) {
                for (long size : sizes) {
                    List<String> row = new ArrayList<>(List.of(op, ScenarioNames.size(size)));
                    for (int t : threads) {
                        RecordedRun r = group.stream().filter(x -> x.users() == size && x.threads() == t).findFirst().orElse(null);
                        row.add(r == null ? "" : Format.figure(r.figure(op, "throughput")) + (r.trustworthy() ? "" : " (disturbed)"));
                        row.add(r == null ? "" : Format.figure(r.figure(op, "p95")));
                    }
                    rows.add(row);
                }
            }
            RecordedRun first = group.get(0);
            String id = plan.id() + "-" + (out.size() + 1) + "-" + Chart.slug(first.axes());
            out.add(new StellioTable(id, first.machineLabel(), first.axes(), threads, new Table(id, header, rows)));
        }
        return out;
    }
}
