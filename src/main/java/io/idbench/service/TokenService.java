package io.idbench.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bearer tokens: a static token (--token) and tokens issued by the token endpoint for the
 * configured credentials. Issued tokens are stateless, {@code idb.<expiry>.<nonce>.<hmac>}, signed
 * with a per-process key (or one shared by replicas), so checking one costs a few microseconds and no lookup. Every secret
 * comparison is constant-time (MessageDigest.isEqual on equal-length digests).
 */
public final class TokenService {
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final byte[] staticTokenDigest;
    private final String adminUser;
    private final byte[] adminPasswordDigest;
    private final int ttlSeconds;
    private final Clock clock;
    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();
    private final ThreadLocal<Mac> macs;

    public TokenService(String staticToken, String adminUser, String adminPassword, int ttlSeconds, Clock clock) {
        this(staticToken, adminUser, adminPassword, ttlSeconds, clock, null);
    }

    /**
     * @param signingKey the key issued tokens are signed with; replicas of one service share it, so that a token one issued
     *                   is valid at every other (null: a random key, this process's own)
     */
    public TokenService(String staticToken, String adminUser, String adminPassword, int ttlSeconds, Clock clock, String signingKey) {
        this.staticTokenDigest = sha256(staticToken);
        this.adminUser = adminUser;
        this.adminPasswordDigest = sha256(adminPassword);
        this.ttlSeconds = ttlSeconds;
        this.clock = clock;
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        this.key = new SecretKeySpec(signingKey == null ? secret : signingKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        this.macs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * A random token suitable for --token, printed when none was given. It never starts with '-': handed on as
     * {@code --admin-password=-V…}, picocli reads a value that begins like one of the command's options (-V, -h) as that
     * option, and the service would not start (1 generated value in 64 began so).
     */
    public static String randomToken() {
        SecureRandom random = new SecureRandom();
        byte[] b = new byte[24];
        String token;
        do {
            random.nextBytes(b);
            token = B64.encodeToString(b);
        } while (token.charAt(0) == '-');
        return token;
    }

    public int ttlSeconds() {
        return ttlSeconds;
    }

    // Non-short-circuit &: the password is checked whatever the user name, so the time taken tells neither apart.
    @SuppressWarnings("ShortCircuitBoolean")
    public boolean credentialsValid(String user, String password) {
        boolean userOk = MessageDigest.isEqual(sha256(user == null ? "" : user), sha256(adminUser));
        boolean passwordOk = MessageDigest.isEqual(sha256(password == null ? "" : password), adminPasswordDigest);
        return userOk & passwordOk;
    }

    public String issue() {
        long expiry = clock.instant().getEpochSecond() + ttlSeconds;
        byte[] nonce = new byte[12];
        random.nextBytes(nonce);
        String payload = "idb." + expiry + "." + B64.encodeToString(nonce);
        return payload + "." + sign(payload);
    }

    public boolean valid(String token) {
        if (token == null || token.isEmpty()) {
            return false;
        }
        if (MessageDigest.isEqual(sha256(token), staticTokenDigest)) {
            return true;
        }
        int lastDot = token.lastIndexOf('.');
        if (!token.startsWith("idb.") || lastDot < 0) {
            return false;
        }
        String payload = token.substring(0, lastDot);
        if (!MessageDigest.isEqual(sha256(token.substring(lastDot + 1)), sha256(sign(payload)))) {
            return false;
        }
        String[] parts = payload.split("\\.");
        try {
            return parts.length == 3 && Long.parseLong(parts[1]) > clock.instant().getEpochSecond();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private String sign(String payload) {
        return B64.encodeToString(macs.get().doFinal(payload.getBytes(StandardCharsets.US_ASCII)));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
