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
        return userType(random(n));
    }

    /** The first draw of identity N's generator. */
    private static String userType(SplittableRandom r) {
        return "Type " + (char) ('A' + r.nextInt(10));
    }

    private static SplittableRandom random(long n) {
        return new SplittableRandom(SEED ^ (n * 0x9E3779B97F4A7C15L));
    }

    /** The (unique) ssn of identity N. */
    public static long ssn(long n) {
        return SSN_BASE + n;
    }

    /**
     * Identity N's attributes: those drawn at random from N alone, in the order they are drawn, and those derived from
     * N. The one source of both the canonical body ({@link #body}) and the load's document text ({@link JsonbDocuments}).
     */
    public record Identity(long n, String userType, String gender, String birthPlace, String birthday, String contractLevel,
            String contractStart, String qualification, String institution, String organization, String recruitment) {
        public String userName() {
            return IdentityGenerator.userName(n);
        }

        public String familyName() {
            return "sn_" + userName();
        }

        public String givenName() {
            return "fn_" + userName();
        }

        public String email() {
            return userName() + "@example.org";
        }

        public String mobile() {
            return "+1 555 " + n;
        }

        public String employeeNumber() {
            return "E" + n;
        }

        public long ssn() {
            return IdentityGenerator.ssn(n);
        }

        public long badge() {
            return 300_000_000L + n;
        }
    }

    /** One of an identity's addresses. */
    public record Address(String type, String streetAddress, String locality, String region, String postalCode, String country) {
    }

    /** Every identity's addresses, the same for all. */
    public static final List<Address> ADDRESSES = List.of(
            new Address("home", "4507 Hill Boulevard, Suite 242", "Ashland", "OH", "23434", "US"),
            new Address("work", "8936 Pine Court, Suite 132", "Arlington", "VA", "13905", "US"));

    /** Identity N's attributes. */
    public static Identity identity(long n) {
        SplittableRandom r = random(n);
        return new Identity(n, userType(r), GENDERS[r.nextInt(GENDERS.length)],
                CITIES[r.nextInt(CITIES.length)], Dates.BIRTHDAYS[r.nextInt(Dates.BIRTHDAYS.length)],
                LEVELS[r.nextInt(LEVELS.length)], Dates.CONTRACT_STARTS[r.nextInt(Dates.CONTRACT_STARTS.length)],
                QUALIFICATIONS[r.nextInt(QUALIFICATIONS.length)], INSTITUTIONS[r.nextInt(INSTITUTIONS.length)],
                ORGANIZATIONS[r.nextInt(ORGANIZATIONS.length)], String.valueOf(2000 + r.nextInt(19)));
    }

    /** The canonical SCIM body of identity N (no password: it is stored hashed, beside the body). */
    public ObjectNode body(long n) {
        Identity i = identity(n);
        ObjectNode u = json.createObjectNode();
        u.put("userName", i.userName());
        u.putObject("name").put("familyName", i.familyName()).put("givenName", i.givenName());
        u.put("userType", i.userType());
        u.putArray("emails").addObject().put("value", i.email()).put("type", "work").put("primary", true);
        u.putArray("phoneNumbers").addObject().put("value", i.mobile()).put("type", "mobile");
        ArrayNode addresses = u.putArray("addresses");
        for (Address a : ADDRESSES) {
            addresses.addObject().put("streetAddress", a.streetAddress()).put("locality", a.locality()).put("region", a.region())
                    .put("postalCode", a.postalCode()).put("country", a.country()).put("type", a.type());
        }
        ObjectNode enterprise = u.putObject(ScimSchemas.ENTERPRISE_URN);
        enterprise.put("employeeNumber", i.employeeNumber());
        ObjectNode profile = u.putObject(ScimSchemas.PROFILE_URN);
        profile.put("ssn", i.ssn());
        profile.put("gender", i.gender());
        profile.put("birthPlace", i.birthPlace());
        profile.put("birthday", i.birthday());
        profile.put("badge", i.badge());
        profile.put("contractLevel", i.contractLevel());
        profile.put("contractStart", i.contractStart());
        profile.put("qualification", i.qualification());
        profile.put("institution", i.institution());
        profile.put("organization", i.organization());
        profile.put("recruitment", i.recruitment());
        return u;
    }

    /** The static groups every seeded identity belongs to. */
    public static List<String> staticGroups() {
        return List.of("hr", "employee");
    }

    /** The days a birthday or a contract's start is drawn from, as text once: formatting one per identity was 4 % of a load's Java. */
    private static final class Dates {
        static final String[] BIRTHDAYS = days(BIRTHDAYS_FROM, 20_000);
        static final String[] CONTRACT_STARTS = days(CONTRACTS_FROM, 7_000);

        private static String[] days(LocalDate from, int count) {
            String[] days = new String[count];
            for (int i = 0; i < count; i++) {
                days[i] = from.plusDays(i).atStartOfDay(ZoneOffset.UTC).toInstant().toString();
            }
            return days;
        }
    }
}
