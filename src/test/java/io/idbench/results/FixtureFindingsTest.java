package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.TargetKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the two fixtures of real runs answer: the historic one (64 runs over five sessions and many commits) and one night's
 * matrix at one commit on one machine. On both, no finding sets runs of different code, loads, machines or nights side by
 * side, and every finding names its load and where its noise came from.
 */
class FixtureFindingsTest {
    static final String HISTORIC = "src/test/resources/site-fixture/results";
    static final String NIGHT = "src/test/resources/night-fixture/results";

    private static RunHistory history(String dir) {
        return RunHistory.load(List.of(Path.of(dir)));
    }

    private static List<Finding> findings(RunHistory h) {
        return Findings.of(h).answers().stream().flatMap(a -> a.findings().stream()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {HISTORIC, NIGHT})
    void noFindingSetsRunsOfDifferentCodeLoadMachineOrNightSideBySide(String dir) {
        RunHistory h = history(dir);
        List<Finding> all = findings(h);
        assertThat(all).isNotEmpty();
        for (Finding f : all) {
            List<RecordedRun> runs = f.runs();
            for (RecordedRun r : runs) {
                RecordedRun first = runs.get(0);
                assertThat(r.code()).as(f.toString()).isNotEmpty().isEqualTo(first.code());
                assertThat(r.load()).as(f.toString()).isEqualTo(first.load());
                assertThat(r.machine()).as(f.toString()).isEqualTo(first.machine());
                if (h.batch(r) != null && h.batch(first) != null) {
                    assertThat(h.batch(r)).isEqualTo(h.batch(first));
                }
                assertThat(r.trustworthy()).as(f.toString()).isTrue();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {HISTORIC, NIGHT})
    void everyFindingNamesItsLoadAndWhereItsNoiseCameFrom(String dir) {
        for (Finding f : findings(history(dir))) {
            assertThat(f.load().words()).matches("plan [1-4] \\(.*\\), .*(loops|a repetition|offered.*)");
            assertThat(f.contrast().paired() || f.contrast().noise() != null).isTrue();
        }
    }

    @Test
    void inTheHistoricFixtureRunsOfDifferentCodeAreAGapNotAVerdict() {
        Answer storage = Findings.of(history(HISTORIC)).answer(Question.STORAGE);
        assertThat(storage.gaps()).anySatisfy(g -> {
            assertThat(g.reason()).isEqualTo(Gap.Reason.DIFFERENT_CODE);
            assertThat(g.runs()).extracting(RecordedRun::scenario).containsExactly("relational-nodyn-10k", "jsonb-nodyn-10k");
            assertThat(g.details()).containsExactly("f456780", "5173e89 + changes");
        });
        assertThat(storage.findings()).noneMatch(f -> f.runs().stream().anyMatch(r -> r.scenario().equals("jsonb-nodyn-10k")));
    }

    @Test
    void oneNightAnswersEveryQuestionFromItsOwnRunsWithTheNoiseMeasured() {
        RunHistory history = history(NIGHT);
        Findings night = Findings.of(history);
        for (Answer a : night.answers()) {
            TargetKind product = a.question().product();
            if (product != null && history.all().stream().noneMatch(r -> r.target() == product)) {
                continue; // a kind the night did not run (one added since) is a gap with its command, not an answer
            }
            assertThat(a.headline()).as(a.question().id() + ": " + a.gaps()).isNotNull();
            if (!a.headline().contrast().paired()) {
                assertThat(a.headline().contrast().noise().kind()).as(a.question().id()).isNotEqualTo(RunNoise.Kind.DEFAULT);
            }
        }
    }
}
