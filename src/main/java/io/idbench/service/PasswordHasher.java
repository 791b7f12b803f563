package io.idbench.service;

import at.favre.lib.crypto.bcrypt.BCrypt;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Hashes the write-only SCIM password before it is stored. Salted SHA-256 (LDAP's {SSHA256}
 * format) is the default, as in the 2018 study; bcrypt is selectable and costs tens of ms per
 * create at cost 10, which a benchmark must report, not hide.
 */
public interface PasswordHasher {

    String hash(String password);

    boolean verify(String password, String stored);

    static PasswordHasher of(String name, int bcryptCost) {
        return "bcrypt".equals(name) ? new Bcrypt(bcryptCost) : new SaltedSha256();
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
            return PREFIX + Base64.getEncoder().encodeToString(concat(digest(password, salt), salt));
        }

        @Override
        public boolean verify(String password, String stored) {
            if (stored == null || !stored.startsWith(PREFIX)) {
                return false;
            }
            byte[] all = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
            byte[] salt = java.util.Arrays.copyOfRange(all, all.length - SALT, all.length);
            byte[] hash = java.util.Arrays.copyOf(all, all.length - SALT);
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
            byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
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
        public boolean verify(String password, String stored) {
            return stored != null && BCrypt.verifyer().verify(password.toCharArray(), stored).verified;
        }
    }
}
