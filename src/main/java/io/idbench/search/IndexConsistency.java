package io.idbench.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.store.IdentityStore;
import io.idbench.store.StoredResource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Proves that database and index agree on every user: the same ids, and for each id the same
 * indexed fields (the document the database's current row yields, compared by a digest of its
 * canonical JSON, keys sorted). The benchmark calls it after a run; tests call it after random
 * writes. It reads everything: a full scan of both sides.
 */
public final class IndexConsistency {
    /** How many ids of each kind of disagreement a report lists. */
    public static final int EXAMPLES = 10;

    private IndexConsistency() {
    }

    public record Report(long databaseUsers, long indexedDocuments, long missing, long extra, long different,
            List<String> examples, String databaseChecksum, String indexChecksum) {

        public boolean consistent() {
            return missing == 0 && extra == 0 && different == 0 && databaseUsers == indexedDocuments;
        }

        public ObjectNode toJson(ObjectMapper json) {
            ObjectNode out = json.createObjectNode();
            out.put("consistent", consistent()).put("databaseUsers", databaseUsers).put("indexedDocuments", indexedDocuments)
                    .put("missingFromIndex", missing).put("extraInIndex", extra).put("different", different)
                    .put("databaseChecksum", databaseChecksum).put("indexChecksum", indexChecksum);
            examples.forEach(out.putArray("examples")::add);
            return out;
        }
    }

    public static Report check(IdentityStore store, SearchIndex index) {
        index.refresh();
        Map<String, String> database = new HashMap<>();
        UUID after = null;
        List<StoredResource> page;
        while (!(page = store.usersAfter(after, IndexedIdentityStore.BATCH)).isEmpty()) {
            for (StoredResource r : page) {
                database.put(r.id().toString(), digest(index.document(r)));
            }
            after = page.get(page.size() - 1).id();
        }
        Map<String, String> indexed = new HashMap<>();
        index.scan((id, source) -> indexed.put(id, digest(source)));

        long missing = 0;
        long different = 0;
        List<String> examples = new ArrayList<>();
        for (Map.Entry<String, String> e : database.entrySet()) {
            String other = indexed.get(e.getKey());
            if (other == null) {
                missing++;
                example(examples, "missing from index: " + e.getKey());
            } else if (!other.equals(e.getValue())) {
                different++;
                example(examples, "different: " + e.getKey());
            }
        }
        long extra = 0;
        for (String id : indexed.keySet()) {
            if (!database.containsKey(id)) {
                extra++;
                example(examples, "not in database: " + id);
            }
        }
        return new Report(database.size(), indexed.size(), missing, extra, different, examples,
                checksum(database), checksum(indexed));
    }

    private static void example(List<String> examples, String line) {
        if (examples.size() < EXAMPLES) {
            examples.add(line);
        }
    }

    /** SHA-256 over (id, document digest) in id order: equal on both sides iff all documents are. */
    private static String checksum(Map<String, String> digests) {
        MessageDigest sha = sha256();
        for (Map.Entry<String, String> e : new TreeMap<>(digests).entrySet()) {
            sha.update(e.getKey().getBytes(StandardCharsets.UTF_8));
            sha.update(e.getValue().getBytes(StandardCharsets.UTF_8));
        }
        return hex(sha.digest());
    }

    static String digest(JsonNode document) {
        StringBuilder canonical = new StringBuilder(512);
        canonical(document, canonical);
        return hex(sha256().digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** Keys sorted; numbers by value (an int and a long holding 5 are the same 5). */
    private static void canonical(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            out.append('{');
            TreeSet<String> keys = new TreeSet<>();
            node.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                out.append('"').append(k).append("\":");
                canonical(node.get(k), out);
                out.append(',');
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (Iterator<JsonNode> it = node.elements(); it.hasNext();) {
                canonical(it.next(), out);
                out.append(',');
            }
            out.append(']');
        } else if (node.isNumber()) {
            out.append(node.decimalValue().stripTrailingZeros().toPlainString());
        } else {
            out.append(node.toString());
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return out.toString();
    }
}
