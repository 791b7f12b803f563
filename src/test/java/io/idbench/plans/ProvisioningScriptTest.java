package io.idbench.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.support.JmeterRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** provisioning.groovy: a job walks its schedule segment by segment, each step routed and worded as its client sends it. */
class ProvisioningScriptTest {
    @TempDir
    Path dir;
    private final Properties props = new Properties();
    private final JMeterVariables vars = JmeterRuntime.variables();
    private GroovyScript script;

    @BeforeEach
    void schedule() throws Exception {
        script = new GroovyScript("provisioning.groovy");
        props.setProperty("provisioning.schedule.dir", dir.toString());
        props.setProperty("threads", "1");
        Files.write(dir.resolve("job-0.csv"), List.of(
                "-1,users,0,create_user,p.u1,,",
                "0,users,0,create_user,p.u1,,",
                "0,users,0,create_user,p.u2,,",
                "0,groups,0,create_group,,p.g1,",
                "0,groups,0,add_member,p.u1,p.g1,",
                "0,groups,0,add_member,p.u2,p.g1,",
                "1,users,0,update_user,p.u2,,title-1-0",
                "1,groups,0,remove_member,p.u1,p.g1,",
                "1,groups,0,remove_member,p.u2,p.g1,"));
    }

    private String step(String mode) throws Exception {
        script.run(vars, props, Map.of("args", new String[] {mode}, "Parameters", mode));
        return vars.get("more").equals("true") ? vars.get("route") + " " + vars.get("user") + " " + vars.get("group") : "end";
    }

    /** Every segment in turn: its steps until the job has none left in it. */
    private List<String> walk(String segments, Map<String, String> ids) throws Exception {
        props.setProperty("provisioning.segments", segments);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < segments.split(",").length; i++) {
            for (String s = step("segment"); !s.equals("end"); s = step("next")) {
                seen.add(vars.get("cycle") + " " + vars.get("phase") + " " + s + " expect " + vars.get("expectTotal"));
                ids.forEach((k, v) -> ((Map<String, String>) props.get("provisioning.ids")).put(k, v));
            }
        }
        return seen;
    }

    @Test
    void aJobSendsItsStepsSegmentBySegmentAndFindsThePresentUsers() throws Exception {
        props.setProperty("client", "entra");
        assertThat(walk("-1:users,0:users,0:groups", Map.of())).containsExactly(
                "-1 populate present:create_user p.u1  expect 0",
                "0 settle entra:create_user p.u1  expect 1",
                "0 settle entra:create_user p.u2  expect 0",
                "0 settle entra:create_group  p.g1 expect 0",
                "0 settle entra:members p.u1 p.g1 expect 0",
                "0 settle entra:members p.u2 p.g1 expect 0");
        assertThat(vars.get("rep")).as("the initial cycle is the record's settling repetition").isEqualTo("0");
    }

    @Test
    void entraSendsOneMemberPerPatchAndRemovesWithAValueArray() throws Exception {
        props.setProperty("client", "entra");
        List<String> bodies = new ArrayList<>();
        props.setProperty("provisioning.segments", "-1:users,0:users,0:groups,1:users,1:groups");
        for (int i = 0; i < 5; i++) {
            for (String s = step("segment"); !s.equals("end"); s = step("next")) {
                ((Map<String, String>) props.get("provisioning.ids")).putAll(Map.of("u:p.u1", "id1", "u:p.u2", "id2"));
                if (s.startsWith("entra:members")) {
                    bodies.add(vars.get("membersLabel") + " " + vars.get("membersBody"));
                }
            }
        }
        assertThat(bodies).hasSize(4);
        assertThat(bodies.get(3)).startsWith("Remove member ");
        JsonNode remove = Json.mapper().readTree(bodies.get(3).substring("Remove member ".length()));
        assertThat(remove.path("Operations").toString())
                .isEqualTo("[{\"op\":\"Remove\",\"path\":\"members\",\"value\":[{\"value\":\"id2\"}]}]");
        JsonNode add = Json.mapper().readTree(bodies.get(0).substring("Add member ".length()));
        assertThat(add.path("Operations").toString())
                .isEqualTo("[{\"op\":\"Add\",\"path\":\"members\",\"value\":[{\"$ref\":null,\"value\":\"id1\"}]}]");
    }

    /** Cycle 1's groups as the client words them: the first membership PATCH's operations. */
    private JsonNode firstMembershipPatch(String client) throws Exception {
        Files.write(dir.resolve("job-0.csv"), List.of("1,groups,0,remove_member,p.u1,p.g1,", "1,groups,0,remove_member,p.u2,p.g1,"));
        props.setProperty("client", client);
        props.setProperty("provisioning.segments", "1:groups");
        props.put("provisioning.ids", new ConcurrentHashMap<>(Map.of("u:p.u1", "id1", "u:p.u2", "id2", "g:p.g1", "gid")));
        assertThat(step("segment")).isEqualTo(client + ":members p.u1 p.g1");
        assertThat(vars.get("groupId")).isEqualTo("gid");
        return Json.mapper().readTree(vars.get("membersBody")).path("Operations");
    }

    @Test
    void oktaPushesOneGroupsChangesInOnePatch() throws Exception {
        assertThat(firstMembershipPatch("okta").toString()).isEqualTo("[{\"op\":\"remove\",\"path\":\"members[value eq \\\"id1\\\"]\"},"
                + "{\"op\":\"remove\",\"path\":\"members[value eq \\\"id2\\\"]\"}]");
        assertThat(vars.get("membersLabel")).isEqualTo("Push members");
        assertThat(step("next")).as("both removals went in the one PATCH").isEqualTo("end");
    }

    @Test
    void entra2020RemovesByFilterOneMemberAtATime() throws Exception {
        assertThat(firstMembershipPatch("entra-2020").toString())
                .isEqualTo("[{\"op\":\"remove\",\"path\":\"members[value eq \\\"id1\\\"]\"}]");
        assertThat(vars.get("membersLabel")).isEqualTo("Remove member");
        assertThat(step("next")).isEqualTo("entra-2020:members p.u2 p.g1");
    }

    @Test
    void aStepLeftFromAnEarlierSegmentIsNeverSkipped() throws Exception {
        props.setProperty("client", "entra");
        props.setProperty("provisioning.segments", "0:users");
        assertThatThrownBy(() -> step("segment")).isInstanceOf(IllegalStateException.class).hasMessage("job 0 still has step"
                + " -1,users,0,create_user,p.u1,, when segment 0:users starts: provisioning.segments does not list every segment of"
                + " the schedule");
    }

    @Test
    void withoutItsScheduleAJobSaysWhereItLooked() throws Exception {
        props.remove("provisioning.schedule.dir");
        assertThatThrownBy(() -> step("segment")).isInstanceOf(IllegalStateException.class)
                .hasMessage("property provisioning.schedule.dir is not set: the prepare step writes each job's steps there");
    }
}
