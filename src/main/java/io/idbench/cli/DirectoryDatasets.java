package io.idbench.cli;

import io.idbench.config.ByteSize;
import io.idbench.config.ScenarioConfig;
import io.idbench.targets.ldap.KeptDirectories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** The directories {@code idbench openldap} keeps (OpenLDAP's MDB files, one per size and configuration): listed and pruned. */
final class DirectoryDatasets {
    private DirectoryDatasets() {
    }

    static void list(List<KeptDirectories> roots, PrintWriter out) throws IOException {
        if (roots.isEmpty()) {
            out.println("No directory datasets kept (idbench openldap keeps them in " + OpenldapCommand.DEFAULT_DATASETS
                    + "-<version>)");
        }
        for (KeptDirectories root : roots) {
            List<KeptDirectories.Kept> kept = root.list();
            if (kept.isEmpty()) {
                out.println("No directory datasets kept in " + root.root());
            } else {
                out.printf("Directory datasets (OpenLDAP) kept in %s: %d, %s on disk%n", root.root(), kept.size(),
                        ByteSize.format(kept.stream().mapToLong(KeptDirectories.Kept::bytes).sum()));
                out.printf("  %11s  %-3s  %9s  %-16s  %-16s  %-7s  %s%n", "identities", "gen", "size", "loaded (UTC)",
                        "last used (UTC)", "current", "name");
                for (KeptDirectories.Kept k : kept) {
                    out.printf(Locale.ROOT, "  %,11d  g%-2s  %9s  %-16s  %-16s  %-7s  %s%n", k.users(), k.generatorVersion(),
                            ByteSize.format(k.bytes()), DatasetsCommand.WHEN.format(k.loaded()), DatasetsCommand.WHEN.format(k.lastUsed()),
                            k.current() ? "yes" : "no",
                            k.name());
                }
                if (kept.stream().anyMatch(k -> !k.current())) {
                    out.println("  Not current: made by another schema, other indexes or another generator; no run copies them again"
                            + " (datasets prune --directories removes them)");
                }
            }
            List<Path> interrupted = root.interrupted();
            if (!interrupted.isEmpty()) {
                long bytes = 0;
                for (Path dir : interrupted) {
                    bytes += KeptDirectories.bytes(dir);
                }
                out.printf("  Loads killed half-way: %d, %s (removed by their dataset's next load, or by datasets prune"
                        + " --directories)%n", interrupted.size(), ByteSize.format(bytes));
            }
        }
        out.flush();
    }

    /** Removes those of another configuration and loads killed half-way, then by age and to a budget ({@code -1}: none). */
    static int prune(List<KeptDirectories> roots, Duration age, long budget, boolean dryRun, PrintWriter out) throws IOException {
        if (roots.isEmpty()) {
            out.println("No directory datasets kept");
        }
        for (KeptDirectories root : roots) {
            List<KeptDirectories.Kept> victims = KeptDirectories.toRemove(root.list(), age, Instant.now(),
                    budget == ScenarioConfig.NO_DATASETS_BUDGET ? -1 : budget);
            long bytes = victims.stream().mapToLong(KeptDirectories.Kept::bytes).sum();
            if (dryRun) {
                victims.forEach(k -> out.println("Would remove directory dataset " + k.describe()));
                root.interrupted().forEach(d -> out.println("Would remove an interrupted load: " + d.getFileName()));
                out.println("Would free " + ByteSize.format(bytes) + " in " + root.root() + " (--dry-run: nothing removed)");
                continue;
            }
            long freed = root.remove(victims, out::println) + root.removeInterrupted(out::println);
            out.println((freed == 0 ? "Nothing removed" : "Freed " + ByteSize.format(freed)) + " in " + root.root() + "; "
                    + ByteSize.format(root.list().stream().mapToLong(KeptDirectories.Kept::bytes).sum()) + " kept");
        }
        out.flush();
        return 0;
    }
}
