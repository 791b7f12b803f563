package io.idbench.config;

/**
 * Who answers searches: the storage's own SQL, or a search engine fed by the service. An engine's
 * {@link #id()} is also its launcher's and distribution's name.
 */
public enum SearchMode implements Choice {
    /** The storage's own queries (no engine). */
    SQL("sql", null),
    ELASTICSEARCH("es", "Elasticsearch"),
    OPENSEARCH("os", "OpenSearch");

    private final String shortName;
    private final String productName;

    SearchMode(String shortName, String productName) {
        this.shortName = shortName;
        this.productName = productName;
    }

    /** What 2018's scenario names append for it: {@code -es}, {@code -os}, nothing for sql. */
    public String scenarioSuffix() {
        return engine() ? "-" + shortName : "";
    }

    /** The short name scenario names and the POM's axis profiles use: sql, es, os ({@code -Pes}). */
    public String shortName() {
        return shortName;
    }

    /** True when a search engine answers searches. */
    public boolean engine() {
        return this != SQL;
    }

    /** Who answers searches, as sentences name it: "PostgreSQL alone", "Elasticsearch", "OpenSearch". */
    public String displayName() {
        return engine() ? productName : "PostgreSQL alone";
    }

    /** The engine's product name for people ("OpenSearch"); only for engines. */
    public String productName() {
        if (!engine()) {
            throw new IllegalStateException("search mode sql has no engine");
        }
        return productName;
    }

    @Override
    public String toString() {
        return id();
    }

    /** The search named {@code text} (any case); a {@link ConfigException} names the choices otherwise. */
    public static SearchMode parse(String text) {
        return Choice.parse(SearchMode.class, "search", text);
    }

    public static String ids() {
        return Choice.ids(SearchMode.class);
    }
}
