package io.idbench.targets.ldap.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.FileTrees;
import io.idbench.provision.FreePorts;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.QueryAnswers;
import io.idbench.service.PasswordHasher;
import io.idbench.support.JmeterRuntime;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import io.idbench.targets.ldap.DirectoryLayout;
import io.idbench.targets.ldap.SlapdConfig;
import io.idbench.targets.ldap.SlapdDataset;
import io.idbench.targets.ldap.SlapdServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The LDAP plans' samplers against a real slapd with seeded identities, called as JMeter calls them (a JMeter thread's
 * variables and JMeter's properties): each operation passes on what the workload does, and fails, with the LDAP result code
 * or the check's message, where the directory does not answer what the plan expects.
 */
@StartsServers
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LdapSamplersTest {
    private static final int USERS = 120;
    private Path dir;
    private SlapdServer slapd;
    private JMeterVariables vars;

    @BeforeAll
    void startSlapdAndJmeterThread() throws Exception {
        TestSlapd.installIfMissing();
        dir = Files.createTempDirectory("samplers-");
        new SlapdDataset(dir.resolve("kept"),
                new PasswordHasher.SaltedSha256().seedPool(IdentityGenerator.PASSWORD_POOL, IdentityGenerator::password)).provide(USERS,
                        false, dir.resolve("data"),
                        new PrintWriter(new StringWriter(), true));
        slapd = SlapdServer.start(new SlapdConfig(Files.createDirectories(dir.resolve("work")), dir.resolve("data"), "secret").write(),
                FreePorts.take());
        Properties props = JmeterRuntime.properties();
        props.setProperty("users", String.valueOf(USERS));
        props.setProperty("ldap.base", DirectoryLayout.BASE_DN);
        props.setProperty("ldap.bindDn", DirectoryLayout.ROOT_DN);
        props.setProperty("ldap.password", "secret");
        vars = JmeterRuntime.variables();
        JMeterContextService.getContext().setVariables(vars);
        vars.put("targetHost", "127.0.0.1");
        vars.put("targetPort", String.valueOf(slapd.port()));
        ThreadConnection.open(vars, props);
    }

    @AfterAll
    void stop() throws Exception {
        if (vars != null && vars.getObject(ThreadConnection.VARIABLE) != null) {
            ThreadConnection.of(vars).close();
        }
        if (slapd != null) {
            slapd.close();
        }
        FileTrees.delete(dir);
    }

    private static SampleResult run(LdapSampler sampler, Map<String, String> args) {
        Arguments arguments = new Arguments();
        args.forEach(arguments::addArgument);
        return sampler.runTest(new JavaSamplerContext(arguments));
    }

    private static void passes(SampleResult r) {
        assertThat(r.getResponseMessage()).isEqualTo("success");
        assertThat(r.getResponseCode()).isEqualTo("0");
        assertThat(r.isSuccessful()).isTrue();
    }

    private static void fails(SampleResult r, String code, String message) {
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(code);
        assertThat(r.getResponseMessage()).isEqualTo(message);
    }

    /** The plans' identity as the SCIM plans send it, with JMeter's functions already substituted. */
    static String body(String name) {
        return "{\"schemas\":[\"urn:ietf:params:scim:schemas:core:2.0:User\"],\"userName\":\"" + name + "\",\"password\":\"password-1\","
                + "\"active\":true,\"name\":{\"givenName\":\"fn_" + name + "\",\"familyName\":\"sn_" + name + "\"},"
                + "\"userType\":\"Type D\",\"emails\":[{\"value\":\"" + name + "@example.org\",\"type\":\"work\",\"primary\":true}],"
                + "\"phoneNumbers\":[{\"value\":\"+1 556 " + name + "\",\"type\":\"mobile\"}],\"addresses\":[{\"streetAddress\":\"1 A St\","
                + "\"locality\":\"Ashland\",\"region\":\"OH\",\"postalCode\":\"23434\",\"country\":\"US\",\"type\":\"home\"}],"
                + "\"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User\":{\"employeeNumber\":\"N-" + name + "\"},"
                + "\"urn:idbench:params:scim:schemas:extension:profile:2.0:User\":{\"ssn\":-1234567890123,\"badge\":1234567890123,"
                + "\"gender\":\"F\",\"birthPlace\":\"Rome\",\"birthday\":\"1980-05-17T00:00:00Z\",\"contractLevel\":\"senior\","
                + "\"contractStart\":\"2010-03-01T00:00:00Z\",\"qualification\":\"master\",\"institution\":\"University of Rome\","
                + "\"organization\":\"Tirasa\",\"recruitment\":\"2010\"}}";
    }

    @Test
    void planOnesIterationPassesOnANewIdentityAndASeededOne() {
        String dn = "uid=n.1," + DirectoryLayout.PEOPLE_DN;
        passes(run(new AddIdentity(), Map.of("user", body("n.1"))));
        passes(run(new SearchByName(), Map.of("uid", "user.7")));
        assertThat(vars.get("foundDn")).isEqualTo("uid=user.7," + DirectoryLayout.PEOPLE_DN);
        passes(run(new ReadIdentity(), Map.of("dn", vars.get("foundDn"), "uid", "user.7")));
        passes(run(new ReplaceAttribute(), Map.of("dn", dn, "attribute", "mail", "value", "n.1.mail@example.org")));
        passes(run(new FindByUid(), Map.of("uid", "n.1")));
        passes(run(new ReplaceAttribute(), Map.of("dn", dn, "attribute", "title", "value", "t-n.1")));
        passes(run(new ReplaceIdentity(), Map.of("user", body("n.1"), "removed", "title")));
        passes(run(new DeleteIdentity(), Map.of("uid", "n.1", "absentOk", "false")));
        passes(run(new ReadSeededIdentity(), Map.of()));
    }

    @Test
    void membersAndQueriesFindTheSeededAnswers() {
        Map<String, String> hr = Map.of("group", "hr");
        passes(run(new ReadGroupWithoutMembers(), hr));
        passes(run(new PageOfMembers(), hr));
        passes(run(new CountMembers(), hr));
        passes(run(new ReadIdentityGroups(), hr));
        QueryAnswers.Row row = QueryAnswers.rows(USERS, QueryAnswers.ROWS).get(0);
        passes(run(new CountByTypeAboveFloor(), Map.of("type", "Type C", "floor", String.valueOf(row.ssnFloor()), "expected",
                String.valueOf(row.aboveFloor()))));
        passes(run(new FindByTypeAndMail(), Map.of("type", "Type C", "mail", "user." + row.n() + "@example.org", "expected",
                String.valueOf(row.byEmail()))));
    }

    @Test
    void aWrongAnswerFailsWithTheCheckThatSawIt() {
        fails(run(new SearchByName(), Map.of("uid", "nobody")), "0", "the search did not find nobody (0 entries)");
        assertThat(vars.get("foundDn")).isEqualTo("NOT_FOUND");
        fails(run(new ReadIdentity(), Map.of("dn", "uid=user.8," + DirectoryLayout.PEOPLE_DN, "uid", "user.9")), "0",
                "it is not the identity asked for: user.8, not user.9");
        fails(run(new FindByUid(), Map.of("uid", "nobody")), "0", "exactly one match expected, found 0");
        SampleResult count = run(new CountByTypeAboveFloor(), Map.of("type", "Type C", "floor", "0", "expected", "-1"));
        assertThat(count.isSuccessful()).isFalse();
        assertThat(count.getResponseMessage())
                .matches("exactly the seeded identities of Type C above the floor: -1 expected, counted [1-9][0-9]*");
    }

    @Test
    void anArgumentThePlanGotWrongIsAFailedSampleThatSaysSo() {
        fails(run(new CountByTypeAboveFloor(), Map.of("type", "Type C", "floor", "ten", "expected", "1")), "500",
                "java.lang.NumberFormatException: For input string: \"ten\"");
        SampleResult notJson = run(new AddIdentity(), Map.of("user", "{not json"));
        assertThat(notJson.getResponseCode()).isEqualTo("500");
        assertThat(notJson.getResponseMessage()).startsWith("java.io.UncheckedIOException: the sampler's SCIM body is not JSON: ");
    }

    @Test
    void whatTheDirectoryRefusesFailsWithItsResultCode() {
        SampleResult absent = run(new DeleteIdentity(), Map.of("uid", "nobody", "absentOk", "false"));
        assertThat(absent.isSuccessful()).isFalse();
        assertThat(absent.getResponseCode()).isEqualTo("32");
        assertThat(absent.getResponseMessage()).startsWith("no such object");
        passes(run(new DeleteIdentity(), Map.of("uid", "nobody", "absentOk", "true")));
        passes(run(new AddIdentity(), Map.of("user", body("n.2"))));
        SampleResult again = run(new AddIdentity(), Map.of("user", body("n.2")));
        assertThat(again.getResponseCode()).isEqualTo("68");
        assertThat(again.getResponseMessage()).startsWith("entry already exists");
        passes(run(new DeleteIdentity(), Map.of("uid", "n.2", "absentOk", "false")));
    }
}
