package io.idbench.seed;

import io.idbench.config.Storage;
import io.idbench.record.SeedRecord;
import io.idbench.store.StorageSchema;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;

/**
 * What identifies a seeded dataset: storage, size, dynamic memberships, the generator's version,
 * how passwords are hashed, and a fingerprint of the storage's DDL (a dataset built for another
 * schema is another dataset). Two seeds of the same dataset are identical row for row.
 */
public record Dataset(Storage storage, long users, boolean dyn, int generatorVersion, String passwordHash,
        String schemaFingerprint) {

    /** Prefix of the template databases holding complete datasets. */
    public static final String COMPLETE_PREFIX = "idbset_";
    /** Prefix of a dataset being loaded: renamed to {@link #COMPLETE_PREFIX} only once complete. */
    public static final String LOADING_PREFIX = "idbload_";

    /** The dataset of {@code users} identities for a storage, with this build's generator and DDL. */
    public static Dataset of(Storage storage, long users, boolean dyn, String passwordHash) {
        return new Dataset(storage, users, dyn, IdentityGenerator.VERSION, passwordHash, fingerprint(storage));
    }

    /** e.g. {@code jsonb_1000000_nodyn_ssha256_g1_3fa2c9d1}: at most 63 characters with a prefix. */
    public String key() {
        return storage.id() + "_" + users + "_" + (dyn ? "dyn" : "nodyn") + "_" + passwordHash + "_g" + generatorVersion + "_"
                + schemaFingerprint;
    }

    public String templateName() {
        return COMPLETE_PREFIX + key();
    }

    public String loadingName() {
        return LOADING_PREFIX + key();
    }

    /** For people: "jsonb, 1,000,000 identities, dyn=false". */
    public String describe() {
        return String.format(Locale.ROOT, "%s, %,d identities, dyn=%s", storage, users, dyn);
    }

    /** The record of something done with this dataset now, taking {@code total}. */
    SeedRecord record(String action, SeedRecord.Phases phases, Duration total, Long databaseBytes, SeedRecord loaded) {
        return SeedRecord.of(key(), storage.id(), users, dyn, generatorVersion, passwordHash, action, phases, total, databaseBytes, null,
                loaded);
    }

    /**
     * The first 8 hex digits of the SHA-256 of the storage's DDL (db/&lt;storage&gt;/schema.sql and db/membership.sql)
     * without its comments and blank lines: a reworded comment does not make every seeded dataset stale.
     */
    static String fingerprint(Storage storage) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(statements(ddl(storage)).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The DDL's lines less whole-line {@code --} comments, trailing comments and blank lines, trimmed. */
    static String statements(String ddl) {
        StringBuilder out = new StringBuilder();
        for (String line : ddl.split("\n")) {
            String code = line.replaceFirst("\\s*--.*$", "").strip();
            if (!code.isEmpty()) {
                out.append(code).append('\n');
            }
        }
        return out.toString();
    }

    /** The storage's DDL, exactly as the store runs it at start-up. */
    static String ddl(Storage storage) {
        return StorageSchema.ddl(storage);
    }
}
