package io.idbench.seed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.ScimSchemas;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Identity N of the docs/workload.md profile, always the same on every machine and in every run: its
 * random attributes come from a generator seeded with N alone (so identities can be produced in
 * any order or in parallel), its unique values are derived from N, its id is a name-based UUID of
 * {@code user.N}. Bump {@link #VERSION} whenever the output changes: datasets are identified by it.
 */
public final class IdentityGenerator {
    /** Part of a dataset's identity (storage, size, dyn, generator version). */
    public static final int VERSION = 1;
    /** The seed every identity's generator is derived from. */
    public static final long SEED = 20181009L;
    /** created / lastModified of seeded identities: fixed, so two seeds are byte-identical. */
    public static final Instant SEEDED_AT = Instant.parse("2018-10-09T00:00:00Z");
    /** Seeded passwords: "password-k" for k = N mod this, each hashed once (Keycloak's trick). */
    public static final int PASSWORD_POOL = 16;
    /** Identity N's ssn is this + N: positive, so the identities the plans create (negative ssn) never fall among them. */
    public static final long SSN_BASE = 100_000_000L;

    private static final String[] GENDERS = {"female", "male", "other"};
    private static final String[] CITIES = {"Springfield, IL", "Riverside, CA", "Franklin, TN", "Salem, OR", "Madison, WI",
            "Georgetown, KY", "Clinton, IA", "Fairview, NJ", "Arlington, VA", "Ashland, OH"};
    private static final String[] LEVELS = {"L1", "L2", "L3", "L4", "L5"};
    private static final String[] QUALIFICATIONS = {"BSc", "MSc", "PhD", "MBA", "Diploma"};
    private static final String[] INSTITUTIONS = {"Example University", "Example Institute of Technology",
            "Example Business School", "Example College"};
    private static final String[] ORGANIZATIONS = {"Example Corporation EMEA GmbH", "Example Corporation Inc.",
            "Example Corporation APAC Pte. Ltd."};
    private static final LocalDate BIRTHDAYS_FROM = LocalDate.of(1950, 1, 1);
    private static final LocalDate CONTRACTS_FROM = LocalDate.of(2000, 1, 1);

    private final ObjectMapper json;

    public IdentityGenerator(ObjectMapper json) {
        this.json = json;
    }

    /** The mapper bodies are made with. */
    public ObjectMapper json() {
        return json;
    }

    /** The id of identity N. */
    public static UUID id(long n) {
        return UUID.nameUUIDFromBytes(("idbench:user." + n).getBytes(StandardCharsets.UTF_8));
    }

    public static String userName(long n) {
        return "user." + n;
    }

    /** The clear-text password of identity N (its hash comes from the pool). */
    public static String password(long n) {
        return "password-" + (n % PASSWORD_POOL);
    }

    /** The userType of identity N: "Type A" … "Type J", uniformly at random. */
    public static String userType(long n) {
        return "Type " + (char) ('A' + random(n).nextInt(10));
    }

    private static SplittableRandom random(long n) {
        return new SplittableRandom(SEED ^ (n * 0x9E3779B97F4A7C15L));
    }

    /** The (unique) ssn of identity N. */
    public static long ssn(long n) {
        return SSN_BASE + n;
    }

    /** The canonical SCIM body of identity N (no password: it is stored hashed, beside the body). */
    public ObjectNode body(long n) {
        SplittableRandom r = random(n);
        String userName = userName(n);
        ObjectNode u = json.createObjectNode();
        u.put("userName", userName);
        u.putObject("name").put("familyName", "sn_" + userName).put("givenName", "fn_" + userName);
        u.put("userType", "Type " + (char) ('A' + r.nextInt(10)));
        u.putArray("emails").addObject().put("value", userName + "@example.org").put("type", "work").put("primary", true);
        u.putArray("phoneNumbers").addObject().put("value", "+1 555 " + n).put("type", "mobile");
        ArrayNode addresses = u.putArray("addresses");
        addresses.addObject().put("streetAddress", "4507 Hill Boulevard, Suite 242").put("locality", "Ashland")
                .put("region", "OH").put("postalCode", "23434").put("country", "US").put("type", "home");
        addresses.addObject().put("streetAddress", "8936 Pine Court, Suite 132").put("locality", "Arlington")
                .put("region", "VA").put("postalCode", "13905").put("country", "US").put("type", "work");
        ObjectNode enterprise = u.putObject(ScimSchemas.ENTERPRISE_URN);
        enterprise.put("employeeNumber", "E" + n);
        ObjectNode profile = u.putObject(ScimSchemas.PROFILE_URN);
        profile.put("ssn", ssn(n));
        profile.put("gender", GENDERS[r.nextInt(GENDERS.length)]);
        profile.put("birthPlace", CITIES[r.nextInt(CITIES.length)]);
        profile.put("birthday", date(BIRTHDAYS_FROM.plusDays(r.nextInt(20_000))));
        profile.put("badge", 300_000_000L + n);
        profile.put("contractLevel", LEVELS[r.nextInt(LEVELS.length)]);
        profile.put("contractStart", date(CONTRACTS_FROM.plusDays(r.nextInt(7_000))));
        profile.put("qualification", QUALIFICATIONS[r.nextInt(QUALIFICATIONS.length)]);
        profile.put("institution", INSTITUTIONS[r.nextInt(INSTITUTIONS.length)]);
        profile.put("organization", ORGANIZATIONS[r.nextInt(ORGANIZATIONS.length)]);
        profile.put("recruitment", String.valueOf(2000 + r.nextInt(19)));
        return u;
    }

    /** The static groups every seeded identity belongs to. */
    public static List<String> staticGroups() {
        return List.of("hr", "employee");
    }

    private static String date(LocalDate d) {
        return d.atStartOfDay(ZoneOffset.UTC).toInstant().toString();
    }
}
