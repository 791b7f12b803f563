package io.idbench.site;

import io.idbench.record.Change;
import io.idbench.results.GuardVerdict;
import io.idbench.results.NightlyVerdict;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The nightly verdict as JUnit XML, where Jenkins users look (its {@code junit} step, the job's test trend, its mail): one
 * test suite per series (the scenario on a machine, with its run and baseline as properties), one test case per operation
 * and figure judged, named the same every night so that each keeps its own history. A regression is a failure whose message
 * is the change with its interval and whose text says both values, the interval and p; a step in the series' history that
 * still holds is a failure too; a run without a verdict (disturbed, handicapped, no baseline yet) is one skipped case saying
 * why. Written with the JDK's StAX writer, so names and messages are escaped as XML requires.
 */
final class VerdictJunit {
    static final String FILE = "verdict.xml";
    /** The test case of a series' verdict as a whole: where a missing verdict or a step in the history is reported. */
    static final String SERIES_CASE = "verdict of the newest run";
    /** A guard's case for the figures other than the primary ones (or its missing verdict). */
    static final String GUARD_CASE = "the other figures";

    private VerdictJunit() {
    }

    static void write(NightlyVerdict verdict, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            x.writeStartElement("testsuites");
            x.writeAttribute("name", "idbench verdict (worse by at least " + Table.number(verdict.minEffectPct())
                    + "% and significant, or a step in the history)");
            x.writeAttribute("tests", Integer.toString(verdict.latest().stream().mapToInt(VerdictJunit::cases).sum()
                    + verdict.guards().stream().mapToInt(VerdictJunit::cases).sum()));
            x.writeAttribute("failures", Integer.toString(verdict.latest().stream().mapToInt(VerdictJunit::failures).sum()
                    + verdict.guards().stream().mapToInt(VerdictJunit::failures).sum()));
            x.writeAttribute("skipped", Long.toString(verdict.latest().stream().filter(VerdictJunit::skipped).count()
                    + verdict.guards().stream().filter(g -> g.noVerdict() != null).count()));
            for (NightlyVerdict.Entry e : verdict.latest()) {
                suite(e, x);
            }
            for (GuardVerdict g : verdict.guards()) {
                guard(g, x);
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write " + file + ": " + e.getMessage(), e);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void suite(NightlyVerdict.Entry e, XMLStreamWriter x) throws XMLStreamException {
        String className = "idbench." + e.run().scenario();
        x.writeStartElement("testsuite");
        x.writeAttribute("name", className);
        x.writeAttribute("tests", Integer.toString(cases(e)));
        x.writeAttribute("failures", Integer.toString(failures(e)));
        x.writeAttribute("skipped", skipped(e) ? "1" : "0");
        x.writeAttribute("timestamp", e.run().started().toString());
        x.writeStartElement("properties");
        property(x, "run", e.run().runId());
        property(x, "page", e.run().page());
        property(x, "machine", e.run().machine());
        property(x, "baseline", e.baseline() == null ? "none" : e.baseline());
        x.writeEndElement();
        if (skipped(e)) {
            testCase(x, className, SERIES_CASE);
            x.writeEmptyElement("skipped");
            x.writeAttribute("message", e.noVerdict() != null ? "no verdict: " + e.noVerdict() : "no baseline: the series' first run");
            x.writeEndElement();
        } else {
            for (NightlyVerdict.Judged j : e.judged()) {
                testCase(x, className, j.label() + " " + j.figure());
                if (j.regression()) {
                    failure(x, "regression", j.brief() + " (against " + e.baseline() + ")", j.line());
                }
                x.writeEndElement();
            }
            testCase(x, className, SERIES_CASE);
            for (String step : e.changes()) {
                failure(x, "step", "step in the history: " + step, step);
            }
            x.writeEndElement();
        }
        x.writeEndElement();
    }

    /**
     * A guard (this build against last night's, with forks) as a suite of its own, {@code idbench.guard.<scenario>}: a case
     * per primary figure and one for the other figures, each failing on a regression; skipped without a verdict.
     */
    private static void guard(GuardVerdict g, XMLStreamWriter x) throws XMLStreamException {
        String className = "idbench.guard." + g.run().scenario();
        x.writeStartElement("testsuite");
        x.writeAttribute("name", className);
        x.writeAttribute("tests", Integer.toString(cases(g)));
        x.writeAttribute("failures", Integer.toString(failures(g)));
        x.writeAttribute("skipped", g.noVerdict() != null ? "1" : "0");
        x.writeAttribute("timestamp", g.run().started().toString());
        x.writeStartElement("properties");
        property(x, "run", g.run().runId());
        property(x, "page", g.run().page());
        property(x, "machine", g.run().machine());
        property(x, "reference", g.reference());
        property(x, "design", g.design());
        x.writeEndElement();
        if (g.noVerdict() != null) {
            testCase(x, className, GUARD_CASE);
            x.writeEmptyElement("skipped");
            x.writeAttribute("message", "no verdict: " + g.noVerdict());
            x.writeEndElement();
        } else {
            for (Change c : g.primary()) {
                testCase(x, className, c.label() + " " + c.figure());
                if (c.regression()) {
                    failure(x, "regression", c.brief() + " (against " + g.reference() + ")", c.line());
                }
                x.writeEndElement();
            }
            testCase(x, className, GUARD_CASE);
            List<Change> secondary = g.regressions().stream().filter(c -> !Boolean.TRUE.equals(c.primary())).toList();
            if (!secondary.isEmpty()) {
                failure(x, "regression", secondary.size() + " other figure" + (secondary.size() == 1 ? "" : "s") + " worse: "
                        + secondary.get(0).brief() + (secondary.size() > 1 ? ", …" : ""),
                        String.join("\n", secondary.stream().map(Change::line).toList()));
            }
            x.writeEndElement();
        }
        x.writeEndElement();
    }

    private static int cases(GuardVerdict g) {
        return g.noVerdict() != null ? 1 : g.primary().size() + 1;
    }

    private static int failures(GuardVerdict g) {
        if (g.noVerdict() != null) {
            return 0;
        }
        return (int) g.primary().stream().filter(Change::regression).count()
                + (g.regressions().stream().anyMatch(c -> !Boolean.TRUE.equals(c.primary())) ? 1 : 0);
    }

    private static void testCase(XMLStreamWriter x, String className, String name) throws XMLStreamException {
        x.writeStartElement("testcase");
        x.writeAttribute("classname", className);
        x.writeAttribute("name", name);
        x.writeAttribute("time", "0");
    }

    private static void failure(XMLStreamWriter x, String type, String message, String text) throws XMLStreamException {
        x.writeStartElement("failure");
        x.writeAttribute("type", type);
        x.writeAttribute("message", message);
        x.writeCharacters(text);
        x.writeEndElement();
    }

    private static void property(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeEmptyElement("property");
        x.writeAttribute("name", name);
        x.writeAttribute("value", value == null ? "" : value);
    }

    /** No verdict at all: disturbed or handicapped, or a series' first run with no step in its history to report. */
    private static boolean skipped(NightlyVerdict.Entry e) {
        return e.noVerdict() != null || e.baseline() == null && e.changes().isEmpty();
    }

    private static int cases(NightlyVerdict.Entry e) {
        return skipped(e) ? 1 : e.judged().size() + 1;
    }

    private static int failures(NightlyVerdict.Entry e) {
        if (skipped(e)) {
            return 0;
        }
        return (int) e.judged().stream().filter(NightlyVerdict.Judged::regression).count() + (e.changes().isEmpty() ? 0 : 1);
    }
}
