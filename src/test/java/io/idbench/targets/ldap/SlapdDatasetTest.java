package io.idbench.targets.ldap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import io.idbench.common.Json;
import io.idbench.provision.FreePorts;
import io.idbench.record.SeedRecord;
import io.idbench.seed.IdentityGenerator;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real slapd on a kept dataset: the identities as the generator makes them, groups kept by its overlays, reuse by copy. */
@StartsServers
class SlapdDatasetTest {
    private static final long USERS = 300;

    @TempDir
    Path dir;

    @BeforeAll
    static void slapd() throws Exception {
        TestSlapd.installIfMissing();
    }

    private SlapdServer start(Path work, Path data) throws Exception {
        Files.createDirectories(work);
        return SlapdServer.start(new SlapdConfig(work, data, "root-secret").write(), FreePorts.take());
    }

    @Test
    void aLoadedDirectoryHoldsTheGeneratorsIdentitiesAndItsGroupsFollowChanges() throws Exception {
        StringWriter said = new StringWriter();
        SeedRecord seed = new SlapdDataset(dir.resolve("kept"), IdentityLdifTest.POOL).provide(USERS, false, dir.resolve("run/data"),
                new PrintWriter(said, true));
        assertThat(seed.action()).isEqualTo(SeedRecord.LOADED);
        assertThat(seed.users()).isEqualTo(USERS);
        assertThat(seed.databaseBytes()).isPositive();
        try (SlapdServer slapd = start(dir.resolve("run/work"), dir.resolve("run/data")); LDAPConnection c = slapd.connect()) {
            assertThat(c.search(DirectoryLayout.PEOPLE_DN, SearchScope.ONE, "(objectClass=inetOrgPerson)", "1.1").getEntryCount())
                    .isEqualTo((int) USERS);
            SearchResultEntry u = c.getEntry(DirectoryLayout.userDn("user.7"), "*", "memberOf");
            var body = new IdentityGenerator(Json.mapper()).body(7);
            assertThat(u.getAttributeValue("employeeType")).isEqualTo(body.get("userType").asText());
            assertThat(u.getAttributeValue("mail")).isEqualTo("user.7@example.org");
            assertThat(u.getAttributeValueAsLong(IdbenchSchema.SSN)).isEqualTo(IdentityGenerator.ssn(7));
            assertThat(u.getAttributeValues("memberOf")).containsExactlyInAnyOrder(DirectoryLayout.groupDn("hr"),
                    DirectoryLayout.groupDn("employee"));
            assertThat(c.getEntry(DirectoryLayout.groupDn("hr")).getAttributeValues("member")).hasSize((int) USERS);
            // ssn is an INTEGER: a range is an ordering match on numbers (tested on the entries: ssn is not indexed).
            long from = IdentityGenerator.ssn(101);
            assertThat(c.search(DirectoryLayout.PEOPLE_DN, SearchScope.ONE, Filter.createGreaterOrEqualFilter(IdbenchSchema.SSN,
                    String.valueOf(from)), "1.1").getEntryCount()).isEqualTo((int) USERS - 100);
            // The seeded password is verified by slapd ({SSHA256}, pw-sha2), as idbench's service verifies it.
            try (LDAPConnection asUser = new LDAPConnection("127.0.0.1", slapd.port(), DirectoryLayout.userDn("user.5"),
                    IdentityGenerator.password(5))) {
                assertThat(asUser.isConnected()).isTrue();
            }
            assertThatThrownBy(() -> new LDAPConnection("127.0.0.1", slapd.port(), DirectoryLayout.userDn("user.5"), "wrong").close())
                    .isInstanceOfSatisfying(LDAPException.class,
                            e -> assertThat(e.getResultCode()).isEqualTo(ResultCode.INVALID_CREDENTIALS));
            // memberof-refint: a deleted identity leaves its groups; memberof: a member removed no longer sees the group.
            c.delete(DirectoryLayout.userDn("user.3"));
            assertThat(c.getEntry(DirectoryLayout.groupDn("hr")).getAttributeValues("member")).hasSize((int) USERS - 1)
                    .doesNotContain(DirectoryLayout.userDn("user.3"));
            assertThat(c.getEntry(DirectoryLayout.groupDn("employee")).getAttributeValues("member")).hasSize((int) USERS - 1);
            c.modify(DirectoryLayout.groupDn("hr"), new Modification(ModificationType.DELETE, "member", DirectoryLayout.userDn("user.9")));
            assertThat(c.getEntry(DirectoryLayout.userDn("user.9"), "memberOf").getAttributeValues("memberOf"))
                    .containsExactly(DirectoryLayout.groupDn("employee"));
            // A password given in clear is stored hashed, as the service stores it; it still binds.
            c.add("uid=n.1," + DirectoryLayout.PEOPLE_DN, new Attribute("objectClass", "inetOrgPerson"), new Attribute("uid", "n.1"),
                    new Attribute("cn", "n"), new Attribute("sn", "n"), new Attribute("userPassword", "password-1"));
            assertThat(c.getEntry("uid=n.1," + DirectoryLayout.PEOPLE_DN, "userPassword").getAttributeValue("userPassword"))
                    .startsWith("{SSHA256}");
            try (LDAPConnection asNew = new LDAPConnection("127.0.0.1", slapd.port(), "uid=n.1," + DirectoryLayout.PEOPLE_DN,
                    "password-1")) {
                assertThat(asNew.isConnected()).isTrue();
            }
        }
    }

    @Test
    void aKeptDatasetIsCopiedNotLoadedAgainAndTheRunsChangesNeverReachIt() throws Exception {
        SlapdDataset kept = new SlapdDataset(dir.resolve("kept"), IdentityLdifTest.POOL);
        PrintWriter quiet = new PrintWriter(new StringWriter(), true);
        // What a load killed half-way leaves (another process's, long gone) is removed by the next load of that dataset.
        Path killed = Files.createDirectories(dir.resolve("kept").resolve(SlapdDataset.name(USERS) + ".loading-99999999/data"));
        Files.writeString(killed.resolve(SlapdDataset.DATA_FILE), "half");
        kept.provide(USERS, false, dir.resolve("one/data"), quiet);
        try (SlapdServer slapd = start(dir.resolve("one/work"), dir.resolve("one/data")); LDAPConnection c = slapd.connect()) {
            c.delete(DirectoryLayout.userDn("user.1"));
        }
        assertThat(killed.getParent()).doesNotExist();
        SeedRecord again = kept.provide(USERS, false, dir.resolve("two/data"), quiet);
        assertThat(again.action()).isEqualTo(SeedRecord.REUSED);
        assertThat(again.loaded().action()).isEqualTo(SeedRecord.LOADED);
        assertThat(again.phases().cloneDatabase()).isNotNull();
        try (SlapdServer slapd = start(dir.resolve("two/work"), dir.resolve("two/data")); LDAPConnection c = slapd.connect()) {
            assertThat(c.getEntry(DirectoryLayout.userDn("user.1"))).isNotNull();
        }
        assertThat(kept.provide(USERS, true, dir.resolve("three/data"), quiet).action()).as("fresh loads anew")
                .isEqualTo(SeedRecord.LOADED);
    }

    @Test
    void aServerThatCannotStartSaysWhyInOneMessage() throws Exception {
        Path work = Files.createDirectories(dir.resolve("bad"));
        SlapdConfig config = new SlapdConfig(work, dir.resolve("bad/missing-data"), "x").write();
        Files.writeString(config.configFile(), Files.readString(config.configFile()).replace("moduleload ppolicy", "moduleload nosuch"));
        assertThatThrownBy(() -> SlapdServer.start(config, FreePorts.take())).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("slapd exited with status 1 (configuration " + config.configFile() + ")");
    }
}
