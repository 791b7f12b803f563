package io.idbench.site;

import io.idbench.results.NightlyVerdict;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
            x.writeAttribute("tests", Integer.toString(verdict.latest().stream().mapToInt(VerdictJunit::cases).sum()));
            x.writeAttribute("failures", Integer.toString(verdict.latest().stream().mapToInt(VerdictJunit::failures).sum()));
            x.writeAttribute("skipped", Long.toString(verdict.latest().stream().filter(VerdictJunit::skipped).count()));
            for (NightlyVerdict.Entry e : verdict.latest()) {
                suite(e, x);
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
