package io.idbench.config;

/**
 * How identities are stored: the axis scenarios name first ({@code jsonb-nodyn-10k}). Each value
 * owns what differs by storage and is plain data; the factories that need the storage's classes
 * ({@code store/IdentityStores}, {@code seed/StorageLoader}) switch over it exhaustively, so a new
 * value does not compile until each of them knows it (docs/adding-a-storage.md).
 */
public enum Storage implements Choice {
    /** One row per resource, the SCIM document in a JSONB column (the 2018 study's "pgjsonb"). */
    JSONB("jsonb", "scim_user"),
    /** Syncope's JPA mapping: a user row plus one row per attribute value (EAV; 2018's "postgres"). */
    RELATIONAL("relational", "r_user");

    private final String id;
    private final String userTable;

    Storage(String id, String userTable) {
        this.id = id;
        this.userTable = userTable;
    }

    @Override
    public String id() {
        return id;
    }

    /** The table holding one row per user. */
    public String userTable() {
        return userTable;
    }

    /** The classpath resource with the storage's DDL, run by the store at start-up. */
    public String schemaResource() {
        return "/db/" + id + "/schema.sql";
    }

    @Override
    public String toString() {
        return id;
    }

    /** The storage named {@code text} (any case); a {@link ConfigException} names the choices otherwise. */
    public static Storage parse(String text) {
        return Choice.parse(Storage.class, "storage", text);
    }

    public static String ids() {
        return Choice.ids(Storage.class);
    }
}
