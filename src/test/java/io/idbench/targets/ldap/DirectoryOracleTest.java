package io.idbench.targets.ldap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchScope;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.provision.FreePorts;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.QueryAnswers;
import io.idbench.seed.SeedProgress;
import io.idbench.support.ScimClient;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import io.idbench.targets.ScimSeeder;
import io.idbench.targets.TokenSource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The oracle: the same identities, seeded into idbench's service over SCIM and into slapd by slapadd, answer the same searches
 * with the same identities, each asked in its own protocol's terms (a SCIM filter, an LDAP filter). What the plans compare
 * between the two stores is then the same work.
 */
@StartsServers
class DirectoryOracleTest extends ServiceTestBase {
    private static final int USERS = 300;
    private static final String PROFILE = "urn:idbench:params:scim:schemas:extension:profile:2.0:User";
    private Path dir;
    private SlapdServer slapd;
    private LDAPConnection ldap;

    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @BeforeAll
    void seedBoth() throws Exception {
        TestSlapd.installIfMissing();
        new ScimSeeder(new io.idbench.targets.ScimClient(server.baseUrl(), TokenSource.fixed(TOKEN)), new IdentityGenerator(Json.mapper()),
                4, SeedProgress.NONE).seed(USERS);
        dir = Files.createTempDirectory("oracle-");
        new SlapdDataset(dir.resolve("kept"), IdentityLdifTest.POOL).provide(USERS, false, dir.resolve("data"),
                new PrintWriter(new StringWriter(), true));
        slapd = SlapdServer.start(new SlapdConfig(Files.createDirectories(dir.resolve("work")), dir.resolve("data"), "oracle").write(),
                FreePorts.take());
        ldap = slapd.connect();
    }

    @AfterAll
    void stopSlapd() throws Exception {
        if (ldap != null) {
            ldap.close();
        }
        if (slapd != null) {
            slapd.close();
        }
        io.idbench.common.FileTrees.delete(dir);
    }

    static Stream<Arguments> searches() {
        long floor = QueryAnswers.rows(USERS, QueryAnswers.ROWS).stream().filter(r -> r.aboveFloor() > 0).findFirst().orElseThrow()
                .ssnFloor();
        return Stream.of(
                Arguments.of("userName eq \"user.7\"", "(uid=user.7)"),
                Arguments.of("name.givenName eq \"fn_user.7\" or name.familyName eq \"sn_user.8\"",
                        "(|(givenName=fn_user.7)(sn=sn_user.8))"),
                Arguments.of("userType eq \"Type C\"", "(employeeType=Type C)"),
                // Plan 4's range query: SCIM's gt is LDAP's >= the next integer (LDAP has no strict ordering match).
                Arguments.of("userType eq \"" + QueryAnswers.QUERIED_TYPE + "\" and " + PROFILE + ":ssn gt " + floor,
                        "(&(employeeType=" + QueryAnswers.QUERIED_TYPE + ")(idbenchSsn>=" + (floor + 1) + "))"),
                Arguments.of("emails.value sw \"user.1\"", "(mail=user.1*)"),
                Arguments.of(PROFILE + ":birthday lt \"1970-01-01T00:00:00Z\"",
                        "(&(idbenchBirthday=*)(!(idbenchBirthday>=19700101000000Z)))"),
                Arguments.of(PROFILE + ":contractLevel eq \"L3\" and " + PROFILE + ":gender eq \"female\"",
                        "(&(idbenchContractLevel=L3)(idbenchGender=female))"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void theSameSearchFindsTheSameIdentitiesInBothStores(String scimFilter, String ldapFilter) throws Exception {
        Set<String> overScim = new TreeSet<>();
        JsonNode page = scim.get("/Users?count=1000&attributes=userName&filter=" + ScimClient.q(scimFilter)).body();
        page.path("Resources").forEach(u -> overScim.add(u.path("userName").asText()));
        assertThat(page.path("totalResults").asLong()).as("one page holds them all").isEqualTo(overScim.size());
        Set<String> overLdap = new TreeSet<>();
        ldap.search(DirectoryLayout.PEOPLE_DN, SearchScope.ONE, ldapFilter, "uid").getSearchEntries()
                .forEach(e -> overLdap.add(e.getAttributeValue("uid")));
        assertThat(overScim).as("a search that finds nothing proves nothing").isNotEmpty();
        assertThat(overLdap).isEqualTo(overScim);
    }

    @ParameterizedTest(name = "members of {0}")
    @MethodSource("groups")
    void aGroupHasTheSameMembersInBothStores(String group) throws Exception {
        String id = scim.get("/Groups?attributes=id&filter=" + ScimClient.q("displayName eq \"" + group + "\"")).body().path("Resources")
                .get(0).path("id").asText();
        Set<String> overScim = new TreeSet<>();
        scim.get("/Users?count=1000&attributes=userName&filter=" + ScimClient.q("groups.value eq \"" + id + "\"")).body()
                .path("Resources").forEach(u -> overScim.add(u.path("userName").asText()));
        Set<String> overLdap = new TreeSet<>();
        ldap.search(DirectoryLayout.PEOPLE_DN, SearchScope.ONE, "(memberOf=" + DirectoryLayout.groupDn(group) + ")", "uid")
                .getSearchEntries().forEach(e -> overLdap.add(e.getAttributeValue("uid")));
        assertThat(overScim).hasSize(USERS);
        assertThat(overLdap).isEqualTo(overScim);
        assertThat(ldap.getEntry(DirectoryLayout.groupDn(group)).getAttributeValues("member")).hasSize(USERS);
    }

    static Stream<String> groups() {
        return IdentityGenerator.staticGroups().stream();
    }
}
