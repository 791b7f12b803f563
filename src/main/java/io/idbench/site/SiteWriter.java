package io.idbench.site;

import io.idbench.common.Json;
import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Renders pages with Pebble (templates in {@code site/templates}, packed into the jar), writes each
 * chart's numbers as CSV, and copies the static assets and Chart.js (from its WebJar) into the site,
 * so that the site works offline and from GitHub Pages.
 */
final class SiteWriter {
    /** Where {@code site/} lands in the jar (pom.xml's resources). */
    static final String FILES = "io/idbench/site/files/";
    /** The site's own static files, copied to {@code assets/}. */
    static final List<String> ASSETS = List.of("site.css", "site.js");
    static final String CHART_JS = "chart.umd.js";

    private final Path root;
    private final PebbleEngine engine;
    private final List<Map<String, String>> navigation;

    SiteWriter(Path root, List<Map<String, String>> navigation) {
        this.root = root;
        this.navigation = navigation;
        ClasspathLoader loader = new ClasspathLoader(SiteWriter.class.getClassLoader());
        loader.setPrefix(FILES + "templates");
        loader.setSuffix(".peb");
        this.engine = new PebbleEngine.Builder().loader(loader).extension(new FormatExtension()).build();
    }

    void write(Page page) {
        Map<String, Object> context = new HashMap<>(page.model());
        context.put("page", page);
        context.put("root", page.root());
        context.put("navigation", navigation);
        context.put("chartJson", chartJson(page.charts()));
        context.put("setJson", setJson(page.sets()));
        StringWriter html = new StringWriter();
        try {
            engine.getTemplate(page.template()).evaluate(html, context);
            Path file = root.resolve(page.path());
            Files.createDirectories(file.getParent());
            Files.writeString(file, html.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        page.charts().forEach(c -> c.table().writeCsv(root));
        page.sets().forEach(set -> set.charts().forEach(c -> c.table().writeCsv(root)));
        page.tables().forEach(t -> t.writeCsv(root));
    }

    /** Each chart's JSON by id; it is embedded in a script element, so "</" is escaped. */
    private static Map<String, String> chartJson(List<Chart> charts) {
        Map<String, String> out = new HashMap<>();
        for (Chart c : charts) {
            try {
                out.put(c.id(), Json.mapper().writeValueAsString(c).replace("</", "<\\/"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** Each chart set's views as JSON by id: a list of views, each a name and its panels' charts (null for an empty panel). */
    private static Map<String, String> setJson(List<ChartSet> sets) {
        Map<String, String> out = new HashMap<>();
        for (ChartSet set : sets) {
            List<Map<String, Object>> views = new java.util.ArrayList<>();
            for (ChartSet.View v : set.views()) {
                List<Chart> panels = v.charts().stream().map(c -> c.series().isEmpty() ? null : c).toList();
                Map<String, Object> view = new java.util.LinkedHashMap<>();
                view.put("name", v.name());
                view.put("panels", panels);
                views.add(view);
            }
            try {
                out.put(set.id(), Json.mapper().writeValueAsString(views).replace("</", "<\\/"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The run record's JSON Schema, at the site's root. */
    static final String SCHEMA = "summary.schema.json";

    void copyAssets() throws IOException {
        Path assets = root.resolve("assets");
        Files.createDirectories(assets);
        for (String name : ASSETS) {
            copy(FILES + "assets/" + name, assets.resolve(name));
        }
        copy("META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/dist/" + CHART_JS, assets.resolve(CHART_JS));
        // The run record's JSON Schema, generated from its types by the build: for tools that read the published records.
        copy("io/idbench/record/" + SCHEMA, root.resolve(SCHEMA));
    }

    /** The bundled Chart.js version, from its WebJar's Maven metadata. */
    static String chartJsVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = resource("META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
            p.load(in);
        }
        return p.getProperty("version");
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = resource(resource)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SiteWriter.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the site's resource " + name + " is not on the class path (a broken build?)");
        }
        return in;
    }
}
