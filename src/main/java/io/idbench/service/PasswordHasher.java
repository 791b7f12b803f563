package io.idbench.service;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.idbench.config.PasswordHash;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * Hashes the write-only SCIM password before it is stored. Salted SHA-256 (LDAP's {SSHA256}
 * format) is the default, as in the 2018 study; bcrypt is selectable and costs tens of ms per
 * create at cost 10, which a benchmark must report, not hide.
 */
public interface PasswordHasher {

    String hash(String password);

    /** The hash with a given 16-byte salt: seeded datasets must be identical on every machine. */
    String hash(String password, byte[] salt);

    /**
     * The seeder's pool: identity N's password {@code password-(N % size)} hashed once per pool
     * entry (Keycloak's benchmark cut its seeding time ten-fold this way), with salts derived from
     * the entry's index, so every seed of a dataset stores the same hashes.
     */
    default List<String> seedPool(int size, IntFunction<String> password) {
        List<String> pool = new ArrayList<>(size);
        for (int k = 0; k < size; k++) {
            byte[] salt = new byte[16];
            new SplittableRandom(0x5EED_0000L + k).nextBytes(salt);
            pool.add(hash(password.apply(k), salt));
        }
        return pool;
    }

    boolean verify(String password, String stored);

    static PasswordHasher of(PasswordHash hash, int bcryptCost) {
        return switch (hash) {
            case BCRYPT -> new Bcrypt(bcryptCost);
            case SSHA256 -> new SaltedSha256();
        };
    }

    /** {@code {SSHA256}base64(sha256(password || salt) || salt)}, 16-byte salt. */
    final class SaltedSha256 implements PasswordHasher {
        private static final String PREFIX = "{SSHA256}";
        private static final int SALT = 16;
        private final SecureRandom random = new SecureRandom();

        @Override
        public String hash(String password) {
            byte[] salt = new byte[SALT];
            random.nextBytes(salt);
            return hash(password, salt);
        }

        @Override
        public String hash(String password, byte[] salt) {
            return PREFIX + Base64.getEncoder().encodeToString(concat(digest(password, salt), salt));
        }

        @Override
        public boolean verify(String password, String stored) {
            if (stored == null || !stored.startsWith(PREFIX)) {
                return false;
            }
            byte[] all = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
            byte[] salt = Arrays.copyOfRange(all, all.length - SALT, all.length);
            byte[] hash = Arrays.copyOf(all, all.length - SALT);
            return MessageDigest.isEqual(hash, digest(password, salt));
        }

        private static byte[] digest(String password, byte[] salt) {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                sha.update(password.getBytes(StandardCharsets.UTF_8));
                return sha.digest(salt);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] out = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }
    }

    final class Bcrypt implements PasswordHasher {
        private final int cost;

        public Bcrypt(int cost) {
            this.cost = cost;
        }

        @Override
        public String hash(String password) {
            return BCrypt.withDefaults().hashToString(cost, password.toCharArray());
        }

        @Override
        public String hash(String password, byte[] salt) {
            return new String(BCrypt.withDefaults().hash(cost, salt, password.getBytes(StandardCharsets.UTF_8)),
                    StandardCharsets.UTF_8);
        }

        @Override
        public boolean verify(String password, String stored) {
            return stored != null && BCrypt.verifyer().verify(password.toCharArray(), stored).verified;
        }
    }
}
