package io.idbench.config;

/**
 * How identities are stored: the axis scenarios name first ({@code jsonb-nodyn-10k}). Each value
 * owns what differs by storage and is plain data; the factories that need the storage's classes
 * ({@code store/IdentityStores}, {@code seed/StorageLoader}) switch over it exhaustively, so a new
 * value does not compile until each of them knows it (docs/adding-a-storage.md).
 */
public enum Storage implements Choice {
    /** One row per resource, the SCIM document in a JSONB column (the 2018 study's "pgjsonb"). */
    JSONB("scim", "JSONB"),
    /** Syncope's JPA mapping: a user row plus one row per attribute value (EAV; 2018's "postgres"). */
    RELATIONAL("r", "relational");

    /** The storage the answers set the others against: Syncope's, the 2018 study's reference. */
    public static final Storage REFERENCE = RELATIONAL;

    private final String tablePrefix;
    private final String displayName;

    Storage(String tablePrefix, String displayName) {
        this.tablePrefix = tablePrefix;
        this.displayName = displayName;
    }

    /**
     * About how many bytes an identity takes on disk in a large dataset, indexes included (docs/seeding.md has the
     * datasets it comes from): a new dataset's expected size, when no kept dataset of the storage says better.
     */
    public long bytesPerIdentity() {
        return switch (this) {
            case JSONB -> 2_000;
            case RELATIONAL -> 10_000;
        };
    }

    /** The storage as sentences name it: "JSONB", "relational". */
    public String displayName() {
        return displayName;
    }

    /** The table holding one row per user. */
    public String userTable() {
        return tablePrefix + "_user";
    }

    /** What the names of the storage's resource and membership tables start with: {@code scim}, {@code r}. */
    public String tablePrefix() {
        return tablePrefix;
    }

    /** The classpath resource with the storage's own DDL (the memberships' is shared: store/StorageSchema). */
    public String schemaResource() {
        return "/db/" + id() + "/schema.sql";
    }

    @Override
    public String toString() {
        return id();
    }

    /** The storage named {@code text} (any case); a {@link ConfigException} names the choices otherwise. */
    public static Storage parse(String text) {
        return Choice.parse(Storage.class, "storage", text);
    }

    public static String ids() {
        return Choice.ids(Storage.class);
    }
}
