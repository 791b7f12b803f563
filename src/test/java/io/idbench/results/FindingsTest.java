package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.Api;
import io.idbench.config.OperationKind;
import io.idbench.config.Storage;
import io.idbench.config.TargetKind;
import io.idbench.record.OperationType;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which runs answer which question: only runs of one machine, code and load (and of one night, when both are of a nightly
 * batch) are set side by side; anything else is a gap that says why, and what to run.
 */
class FindingsTest {

    private static Answer answer(Question q, Runs... runs) {
        return Findings.of(RunHistory.of(List.of(runs).stream().map(Runs::build).toList())).answer(q);
    }

    /** Each question pairs every two values of its axis, its reference first: a third value reaches it by being declared. */
    @Test
    void everyTwoValuesOfAnAxisArePairedTheReferenceFirst() {
        assertThat(Findings.everyPair(Findings.referenceFirst(Storage.REFERENCE, Storage.values())))
                .containsExactly(List.of(Storage.RELATIONAL, Storage.JSONB));
        assertThat(Findings.everyPair(Findings.referenceFirst("b", new String[] {"a", "b", "c"}))).containsExactly(List.of("b", "a"),
                List.of("b", "c"), List.of("a", "c"));
    }

    /** The engine answers a run's writes and searches as its record types them; a label's words mean nothing. */
    @Test
    void theEngineQuestionReadsWritesAndSearchesFromTheOperationsKinds() {
        Map<String, Map<String, Double>> labels = new LinkedHashMap<>();
        Map<String, OperationType> types = new LinkedHashMap<>();
        Map.of("Lookup user", OperationKind.SEARCH, "Add member", OperationKind.MEMBERSHIP, "Deactivate user", OperationKind.UPDATE,
                "Read user", OperationKind.READ, "Import: page of users", OperationKind.LIST).forEach((label, kind) -> {
                    labels.put(label, Map.of("p50", 3.0));
                    types.put(label, new OperationType(kind, Api.SCIM));
                });
        labels.put("Create my own thing", Map.of("p50", 3.0));
        labels.put("ALL", Map.of("throughput", 100.0));
        RecordedRun run = new RecordedRun(Path.of("r"), RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION)
                .labels(labels).operations(types).build());
        assertThat(Findings.engineFigures(run)).containsExactlyInAnyOrder(new Contrast.Figure("Lookup user", "p50"),
                new Contrast.Figure("Add member", "p50"), new Contrast.Figure("Deactivate user", "p50"),
                new Contrast.Figure("ALL", "throughput"));
    }

    @Test
    void twoRunsOfOneCodeAndLoadAnswerTheStorageQuestion() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j").throughput(2000).slower(0.5),
                Runs.of("relational-nodyn-1k", "r").throughput(1000));
        assertThat(a.headline()).isNotNull();
        Contrast c = a.headline().contrast();
        assertThat(c.reference().storage()).isEqualTo(Storage.RELATIONAL);
        assertThat(c.other().storage()).isEqualTo(Storage.JSONB);
        assertThat(c.change("ALL", "throughput").changePct()).isEqualTo(100, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(a.headline().outcome()).isEqualTo(Outcome.BETTER);
        assertThat(a.headline().load().words()).isEqualTo("plan 1 (heterogeneous), 10 threads × 30 loops");
        assertThat(a.gaps()).isEmpty();
    }

    @Test
    void runsOfDifferentCodeAreNotComparableAndSaySo() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j").code("bbbbbbb2bbbbbbb2").throughput(4000),
                Runs.of("relational-nodyn-1k", "r").throughput(1000));
        assertThat(a.headline()).as("no better or worse between runs of different code").isNull();
        assertThat(a.findings()).isEmpty();
        assertThat(a.why().reason()).isEqualTo(Gap.Reason.DIFFERENT_CODE);
        assertThat(a.why().details()).containsExactly("aaaaaaa", "bbbbbbb");
        assertThat(a.why().next()).containsExactly("-Dscenario=relational-nodyn-1k", "-Dscenario=jsonb-nodyn-1k");
    }

    @Test
    void runsUnderDifferentLoadsAreNotComparableAndSayHow() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j").with("threads", "50"),
                Runs.of("relational-nodyn-1k", "r"));
        assertThat(a.headline()).isNull();
        assertThat(a.why().reason()).isEqualTo(Gap.Reason.DIFFERENT_LOAD);
        assertThat(a.why().details()).containsExactly("50 against 10 threads");
    }

    @Test
    void eachLoadBothSidesRanUnderIsAnAnswerOfItsOwn() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j10"), Runs.of("relational-nodyn-1k", "r10"),
                Runs.of("jsonb-nodyn-1k", "j50").with("threads", "50").at("2026-11-20T02:00:00Z"),
                Runs.of("relational-nodyn-1k", "r50").with("threads", "50").at("2026-11-20T02:00:00Z"));
        assertThat(a.findings()).hasSize(2).extracting(f -> f.load().threads()).containsExactlyInAnyOrder(10, 50);
        assertThat(a.findings()).allSatisfy(f -> assertThat(f.contrast().reference().load()).isEqualTo(f.contrast().other().load()));
    }

    @Test
    void runsOfTwoNightlyBatchesAreNotPairedThoughOfOneCode() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "nightly-1"), Runs.of("jsonb-1k", "nightly-1"),
                Runs.of("relational-nodyn-1k", "nightly-2").at("2026-11-21T01:00:00Z"),
                Runs.of("jsonb-1k", "nightly-2").at("2026-11-21T01:10:00Z"));
        assertThat(a.findings()).as("jsonb-1k's two nights have no relational partner").isEmpty();
        assertThat(a.gaps()).extracting(Gap::reason).contains(Gap.Reason.DIFFERENT_NIGHT);
    }

    @Test
    void theSameNightIsPairedBeforeANewerRunOfAnother() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "nightly-1"), Runs.of("relational-nodyn-1k", "nightly-1"),
                Runs.of("jsonb-nodyn-1k", "nightly-2").at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "nightly-2").at("2026-11-21T01:10:00Z"));
        Contrast c = a.headline().contrast();
        assertThat(List.of(c.reference().runId(), c.other().runId())).containsExactly("nightly-2", "nightly-2");
    }

    @Test
    void aDisturbedRunAnswersNothing() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j").disturbed("other processes used 30% of the machine"),
                Runs.of("relational-nodyn-1k", "r"));
        assertThat(a.headline()).isNull();
        assertThat(a.why().reason()).isEqualTo(Gap.Reason.NOT_TRUSTWORTHY);
        assertThat(a.why().details()).containsExactly("disturbed");
    }

    @Test
    void aLoneRunSaysWhichRunWouldAnswerEachQuestion() {
        Runs one = Runs.of("jsonb-nodyn-1k", "first");
        assertThat(answer(Question.STORAGE, one).why().next()).containsExactly("-Dscenario=jsonb-nodyn-1k -Dstorage=relational");
        assertThat(answer(Question.ENGINE, one).why().next()).containsExactly("-Dscenario=jsonb-nodyn-1k -Dsearch=elasticsearch");
        assertThat(answer(Question.MEMBERSHIPS, one).why().next()).containsExactly("-Dscenario=jsonb-nodyn-1k -Ddyn=true");
        assertThat(answer(Question.SCALING, one).why().next()).containsExactly("-Dscenario=jsonb-nodyn-1k -Dusers=10000");
        assertThat(answer(Question.product(TargetKind.KEYCLOAK), one).why().next()).containsExactly("-Dtarget=keycloak -Dusers=1000");
        assertThat(answer(Question.STORAGE).why().reason()).isEqualTo(Gap.Reason.NO_RUNS);
    }

    @Test
    void aProductIsSetBesideTheServiceLikeWithLike() {
        Answer a = answer(Question.product(TargetKind.KEYCLOAK), Runs.of("keycloak-1k", "kc").throughput(100),
                Runs.of("jsonb-nodyn-1k", "j").throughput(2000));
        assertThat(a.headline()).isNotNull();
        assertThat(a.headline().contrast().other().target()).isEqualTo(TargetKind.KEYCLOAK);
        assertThat(a.headline().outcome()).isEqualTo(Outcome.WORSE);
        assertThat(answer(Question.product(TargetKind.OPENLDAP), Runs.of("keycloak-1k", "kc")).why().reason())
                .isEqualTo(Gap.Reason.NO_RUNS);
    }

    @Test
    void aStrategyScalesOverTheSizesOfOneCode() {
        Answer a = answer(Question.SCALING, Runs.of("jsonb-nodyn-1k", "a").throughput(2000),
                Runs.of("jsonb-nodyn-10k", "b").throughput(1800).at("2026-11-20T01:10:00Z"),
                Runs.of("jsonb-nodyn-100k", "c").throughput(1620).at("2026-11-20T01:20:00Z"),
                Runs.of("jsonb-nodyn-1m", "d").code("ccccccc3ccccccc3").throughput(100).at("2026-11-20T01:30:00Z"));
        Finding f = a.headline();
        assertThat(f.scaling().sizes()).extracting(RecordedRun::users).containsExactly(1000L, 10_000L, 100_000L);
        assertThat(f.scaling().perTenfold().value()).isEqualTo(0.9, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(f.scaling().steps()).hasSize(2);
    }

    @Test
    void sizesOfOnlyDifferentCodeAreAGap() {
        Answer a = answer(Question.SCALING, Runs.of("jsonb-nodyn-1k", "a"), Runs.of("jsonb-nodyn-10k", "b").code("bbbbbbb2bbbbbbb2"));
        assertThat(a.headline()).isNull();
        assertThat(a.why().reason()).isEqualTo(Gap.Reason.DIFFERENT_CODE);
    }

    @Test
    void anAnswerOlderThanTheCodeSaysHowFarTheNewerCodeMovedItsSide() {
        // The pair at aaaaaaa; then newer code ran one side only, 50 % faster.
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j").throughput(2000), Runs.of("relational-nodyn-1k", "r"),
                Runs.of("jsonb-nodyn-1k", "j2").code("bbbbbbb2bbbbbbb2").throughput(3000).at("2026-11-21T01:00:00Z"));
        Finding f = a.headline();
        assertThat(f.code()).isEqualTo("aaaaaaa");
        assertThat(f.stale()).isTrue();
        assertThat(f.newer()).singleElement().satisfies(n -> {
            assertThat(n.was().runId()).isEqualTo("j");
            assertThat(n.newest().runId()).isEqualTo("j2");
            assertThat(n.moved().changePct()).isEqualTo(50, org.assertj.core.data.Offset.offset(1e-9));
        });
        assertThat(f.refresh()).as("the other side again, at the newer code").containsExactly("-Dscenario=relational-nodyn-1k");
    }

    @Test
    void theNewestLikeWithLikePairIsPreferredAndIsNotStale() {
        Answer a = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "j"), Runs.of("relational-nodyn-1k", "r"),
                Runs.of("jsonb-nodyn-1k", "j2").code("bbbbbbb2bbbbbbb2").at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "r2").code("bbbbbbb2bbbbbbb2").at("2026-11-21T01:10:00Z"));
        assertThat(a.findings()).as("one answer a load: the newest pair").singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("bbbbbbb");
            assertThat(f.stale()).isFalse();
            assertThat(f.refresh()).isEmpty();
        });
    }

    @Test
    void aSteadyPairAnswersBeforeANewerOneThatIsNotAndAnUnsteadyAnswerSaysWhich() {
        String rose = "throughput rose 37.0% over 40 repetitions (Mann-Kendall p=0.0000)";
        Runs steadyJ = Runs.of("jsonb-nodyn-1k", "nightly-1");
        Runs steadyR = Runs.of("relational-nodyn-1k", "nightly-1");
        Runs unsteadyJ = Runs.of("jsonb-nodyn-1k", "nightly-2").unsteady("Search existing user", rose).at("2026-11-21T01:00:00Z");
        Runs unsteadyR = Runs.of("relational-nodyn-1k", "nightly-2").at("2026-11-21T01:10:00Z");
        Finding f = answer(Question.STORAGE, steadyJ, steadyR, unsteadyJ, unsteadyR).headline();
        assertThat(f.runs()).extracting(RecordedRun::runId).containsOnly("nightly-1");
        assertThat(f.unsteady()).isEmpty();
        Finding only = answer(Question.STORAGE, Runs.of("jsonb-nodyn-1k", "nightly-2").unsteady("Search existing user", rose),
                Runs.of("relational-nodyn-1k", "nightly-2")).headline();
        assertThat(only.unsteady()).extracting(RecordedRun::scenario).containsExactly("jsonb-nodyn-1k");
    }

    @Test
    void aCurveWhoseThroughputRisesWithTheDataIsImplausibleAndNeverTheHeadline() {
        Answer a = answer(Question.SCALING, Runs.of("jsonb-nodyn-100k", "a").throughput(193),
                Runs.of("jsonb-nodyn-1m", "b").throughput(461).at("2026-11-20T01:10:00Z"),
                Runs.of("relational-nodyn-1k", "c").throughput(1000).at("2026-11-20T01:20:00Z"),
                Runs.of("relational-nodyn-10k", "d").throughput(900).at("2026-11-20T01:30:00Z"));
        assertThat(a.headline().contrast().other().series()).isEqualTo("relational-nodyn");
        assertThat(a.headline().scaling().implausible()).isFalse();
        Finding rising = a.findings().stream().filter(f -> f.contrast().other().series().equals("jsonb-nodyn")).findFirst().orElseThrow();
        assertThat(rising.scaling().doubts()).extracting(Finding.Doubt::kind).containsExactly(Finding.Doubt.Kind.GROWS_WITH_DATA);
    }

    @Test
    void aRunFarOutsideItsScenariosOtherRunsMakesItsCurveImplausible() {
        Answer a = answer(Question.SCALING, Runs.of("jsonb-nodyn-100k", "a").throughput(1000),
                Runs.of("jsonb-nodyn-1m", "b").throughput(300).at("2026-11-20T01:10:00Z"),
                Runs.of("jsonb-nodyn-1m", "c").code("bbbbbbb2bbbbbbb2").throughput(950).at("2026-11-21T01:10:00Z"));
        assertThat(a.headline().scaling().doubts()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Finding.Doubt.Kind.OUTSIDE_HISTORY);
            assertThat(d.run().runId()).isEqualTo("b");
            assertThat(d.ratio()).isEqualTo(300.0 / 950, org.assertj.core.data.Offset.offset(1e-9));
        });
    }

    @Test
    void twoSizesUnderTwoLoadsAreNoCurveAndSayWhichRunWouldMakeOne() {
        Answer a = answer(Question.SCALING, Runs.of("jsonb-nodyn-1k", "a"),
                Runs.of("jsonb-nodyn-10m", "b").with("duration", "20").at("2026-11-20T01:10:00Z"));
        assertThat(a.findings()).isEmpty();
        assertThat(a.gaps()).singleElement().satisfies(g -> {
            assertThat(g.reason()).isEqualTo(Gap.Reason.DIFFERENT_LOAD);
            assertThat(g.details()).containsExactly("30 loops against 20 s a repetition");
            assertThat(g.runs()).extracting(RecordedRun::users).containsExactly(1000L, 10_000_000L);
        });
    }

    @Test
    void curvesNeverJoinRunsOfTwoMachines() {
        Findings f = Findings.of(RunHistory.of(List.of(Runs.of("jsonb-nodyn-1k", "a").build(),
                Runs.of("jsonb-nodyn-10k", "b").machine("Intel(R) Xeon(R) Processor").at("2026-11-20T01:10:00Z").build())));
        assertThat(f.curves()).hasSize(2).allSatisfy(c -> assertThat(c.runs()).hasSize(1));
        assertThat(f.answer(Question.SCALING).findings()).isEmpty();
    }
}
