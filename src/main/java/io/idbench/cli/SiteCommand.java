package io.idbench.cli;

import io.idbench.results.NightlyVerdict;
import io.idbench.site.Site;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code idbench site}: the static results site from every recorded run, and the newest runs' regression verdict. */
@Command(name = "site", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates the static results site from every recorded run.",
                "Pages: the answers (each question, from runs of one machine, code and",
                "load), the scenario matrix, compare, scaling curves, idbench beside the",
                "2018 study, trends opening with last night, the other studies, and a page",
                "per run with its record, JTLs and JMeter dashboards. Chart.js is bundled:",
                "open <out>/index.html, or publish the directory (GitHub Pages, HTML Publisher).",
                "Prints the regression verdict of the newest run of each scenario (also in",
                "<out>/verdict.txt and verdict.json): against its baseline as idbench compare",
                "judges, and steps in its history (E-divisive change points); disturbed and",
                "handicapped runs get none.",
                "Exit: 0; 1 with --fail-on-regression when a newest run regressed; 2 for a",
                "bad argument."},
        footer = {"", "Examples:",
                "  java -jar target/idbench.jar site          # results/ -> target/site",
                "  java -jar target/idbench.jar site --results=/srv/idbench/results \\",
                "      --results=laptop/results --out=public --baselines=baselines \\",
                "      --tolerance=10 --fail-on-regression \\",
                "      --repository=https://github.com/<owner>/<name>"})
public final class SiteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--results", paramLabel = "<dir>", defaultValue = "results",
            description = "A results directory (<dir>/<scenario>/<run-id>/summary.json); repeat for several (default: ${DEFAULT-VALUE}).")
    List<Path> results;

    @Option(names = "--out", paramLabel = "<dir>", defaultValue = "target/site",
            description = "Where the site is written: a complete new site replaces what is there (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--tolerance", paramLabel = "<percent>", defaultValue = "" + io.idbench.results.Verdict.DEFAULT_MIN_EFFECT,
            description = "The smallest change of a figure that is flagged (when it is also significant, or a step in the history), "
                    + "in %% (default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--baselines", paramLabel = "<dir>",
            description = "Committed baselines, <dir>/<scenario>.json (as idbench compare reads them); a scenario without one is "
                    + "compared with its previous run.")
    Path baselines;

    @Option(names = "--run-files", paramLabel = "<which>", defaultValue = "ALL",
            description = "Whose JTLs, dashboards and logs are copied beside their pages: ALL, LATEST (the newest runs of each "
                    + "scenario) or NONE; every run keeps its page and summary.json (default: ${DEFAULT-VALUE}).")
    Site.RunFiles runFiles;

    @Option(names = "--repository", paramLabel = "<url>", defaultValue = "${env:IDBENCH_REPOSITORY}",
            description = "The repository's web address (https://github.com/<owner>/<name>): commits, and last night's range of "
                    + "them, link to it (default: the environment's IDBENCH_REPOSITORY; none: named, not linked).")
    String repository;

    @Option(names = "--guards", paramLabel = "<dir>",
            description = "Where the nightly guards are recorded (this build against last night's, -Dversus.reference=B): their"
                    + " newest verdicts join the regression verdict and the trends page.")
    Path guards;

    @Option(names = "--fail-on-regression", description = "Exit 1 when the newest run of a scenario regressed (nightly jobs).")
    boolean failOnRegression;

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        Site site = new Site().withOutput(out).withTolerance(tolerance).withRunFiles(runFiles).withRepository(repository)
                .withProgress(System.out);
        results.forEach(site::withResults);
        if (baselines != null) {
            site.withBaselines(baselines);
        }
        if (guards != null) {
            site.withGuards(guards);
        }
        NightlyVerdict verdict = site.generate();
        verdict.lines().forEach(console::println);
        console.flush();
        return failOnRegression && verdict.anyRegression() ? 1 : 0;
    }
}
