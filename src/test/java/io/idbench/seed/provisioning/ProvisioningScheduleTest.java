package io.idbench.seed.provisioning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.config.ConfigException;
import io.idbench.config.CycleMix;
import io.idbench.config.ProvisioningClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The changes plan 5 makes: decided before it starts, the same for the same settings, each object's changes in one job. */
class ProvisioningScheduleTest {
    private static ProvisioningSchedule schedule(int cycles, int changes, CycleMix mix) {
        return ProvisioningSchedule.of(new ProvisioningSchedule.Settings("prov.t", 100, 7, 4, cycles, changes, mix, 0, 42));
    }

    @Test
    void theInitialCycleCreatesEveryUserThenEveryGroupWithEachUserInOne() {
        ProvisioningSchedule s = schedule(0, 0, CycleMix.DEFAULT);
        List<Step> steps = s.steps();
        assertThat(steps.stream().filter(x -> x.kind() == Step.Kind.CREATE_USER)).hasSize(100);
        assertThat(steps.stream().filter(x -> x.kind() == Step.Kind.CREATE_GROUP)).hasSize(7);
        assertThat(steps.stream().filter(x -> x.kind() == Step.Kind.ADD_MEMBER)).hasSize(100);
        assertThat(steps.indexOf(steps.stream().filter(x -> x.phase() == Step.Phase.GROUPS).findFirst().orElseThrow()))
                .as("users before groups").isEqualTo(100);
        assertThat(s.intended().groups().values().stream().mapToInt(java.util.Set::size).sum()).isEqualTo(100);
        assertThat(s.intended().groups().get("prov.t.g1")).hasSize(15).contains("prov.t.u1", "prov.t.u8");
        assertThat(steps.get(0).csv()).isEqualTo("0,users,0,create_user,prov.t.u1,,");
    }

    @Test
    void theSameSettingsGiveTheSameChangesAndEveryObjectStaysWithOneJob() {
        assertThat(schedule(3, 40, CycleMix.DEFAULT).steps()).isEqualTo(schedule(3, 40, CycleMix.DEFAULT).steps());
        Map<String, Integer> jobOf = new HashMap<>();
        for (Step x : schedule(3, 40, CycleMix.DEFAULT).steps()) {
            String object = x.phase() == Step.Phase.USERS ? "user " + x.user() : "group " + x.group();
            assertThat(jobOf.putIfAbsent(object, x.job())).as(object).isIn(null, x.job());
        }
    }

    @Test
    void anIncrementalCycleMakesItsChangesByTheMix() {
        ProvisioningSchedule s = schedule(2, 30, new CycleMix(100, 0, 0, 0, 0));
        Map<Step.Kind, Long> kinds = s.steps().stream().filter(x -> x.cycle() > 0)
                .collect(Collectors.groupingBy(Step::kind, Collectors.counting()));
        assertThat(kinds).containsExactly(Map.entry(Step.Kind.UPDATE_USER, 60L));
        assertThat(s.intended().users().values().stream().filter(u -> u.title() != null)).hasSizeBetween(30, 60);
        ProvisioningSchedule churn = schedule(1, 50, new CycleMix(0, 0, 0, 50, 50));
        assertThat(churn.intended().users()).as("deleted users are gone").hasSizeLessThan(100);
        assertThat(churn.intended().users().values().stream().filter(u -> !u.active())).isNotEmpty();
        assertThat(churn.intended().groups().values().stream().mapToInt(java.util.Set::size).sum())
                .as("a deleted user leaves its group").isEqualTo(churn.intended().users().size());
    }

    @Test
    void joinersAreNewUsersInAGroupAndMoversChangeGroup() {
        ProvisioningSchedule joins = schedule(1, 10, new CycleMix(0, 100, 0, 0, 0));
        assertThat(joins.intended().users()).hasSize(110).containsKey("prov.t.u110");
        ProvisioningSchedule moves = schedule(1, 20, new CycleMix(0, 0, 100, 0, 0));
        long removes = moves.steps().stream().filter(x -> x.kind() == Step.Kind.REMOVE_MEMBER).count();
        assertThat(removes).isPositive();
        assertThat(moves.intended().groups().values().stream().mapToInt(java.util.Set::size).sum()).isEqualTo(100);
    }

    @Test
    void aMixMustAddUpAndSuitTheClient() {
        assertThat(CycleMix.parse("60,15,15,8,2")).isEqualTo(CycleMix.DEFAULT);
        assertThat(CycleMix.parse("updates=80, movers=20")).isEqualTo(new CycleMix(80, 0, 20, 0, 0));
        assertThatThrownBy(() -> CycleMix.parse("60,15,15,8")).isInstanceOf(ConfigException.class).hasMessage(
                "provisioning.mix needs five percentages (updates, joiners, movers, deactivations, deletes) or name=percent pairs,"
                        + " was '60,15,15,8'");
        assertThatThrownBy(() -> CycleMix.parse("60,15,15,8,0")).hasMessage(
                "provisioning.mix must add up to 100 %, was 98 % (updates 60, joiners 15, movers 15, deactivations 8, deletes 0)");
        assertThatThrownBy(() -> CycleMix.parse("updates=90,leavers=10")).hasMessage(
                "provisioning.mix: 'leavers=10' is not one of updates, joiners, movers, deactivations, deletes with a percentage");
        assertThatThrownBy(() -> CycleMix.DEFAULT.checkedFor(ProvisioningClient.OKTA)).hasMessage(
                "provisioning.mix has 2 % deletes, but okta never deletes a user (it deactivates); give deletes=0");
        assertThat(CycleMix.DEFAULT.checkedFor(ProvisioningClient.ENTRA)).isEqualTo(CycleMix.DEFAULT);
    }
}
