package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.Json;
import io.idbench.record.RunRecord;
import io.idbench.support.Records;
import org.junit.jupiter.api.Test;

/**
 * Which runs are one machine's (the hardware, and the name a run was given: two agents of one hardware stay apart), and
 * which share a shape (a search cluster's runs are never a single node's).
 */
class RunRecordShapeTest {
    private static RunRecord run(String machine) throws Exception {
        return Records.of(Json.mapper().readTree("{\"environment\":{\"cpus\":2,\"cpuModel\":\"AMD EPYC 9B14\",\"memoryBytes\":"
                + (24L << 30) + "},\"parameters\":{" + (machine == null ? "" : "\"machine\":\"" + machine + "\"") + "}}"));
    }

    private static RunRecord params(String parameters) {
        return Records.of("{\"parameters\": " + parameters + "}");
    }

    @Test
    void aRunWithoutANameIsItsHardware() throws Exception {
        assertThat(run(null).machine()).isEqualTo("2 x AMD EPYC 9B14, 24 GiB");
        assertThat(run("").machine()).isEqualTo("2 x AMD EPYC 9B14, 24 GiB");
    }

    @Test
    void aNamedRunIsItsNameOnItsHardware() throws Exception {
        assertThat(run("agent-2").machine()).isEqualTo("agent-2 (2 x AMD EPYC 9B14, 24 GiB)").isNotEqualTo(run("agent-3").machine());
    }

    @Test
    void aClustersShapeNamesItsLayoutAndASingleNodesStaysAsEarlierRunsHadIt() throws Exception {
        RunRecord single = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\",\"search.nodes\":\"1\","
                + "\"search.shards\":\"1\",\"search.replicas\":\"0\"}}"));
        RunRecord older = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\"}}"));
        RunRecord cluster = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\",\"search.nodes\":\"2\","
                + "\"search.shards\":\"2\",\"search.replicas\":\"1\"}}"));
        assertThat(single.shape()).isEqualTo(older.shape()).doesNotContain("search.nodes");
        assertThat(cluster.shape()).isNotEqualTo(single.shape()).endsWith("search.nodes=2 search.shards=2 search.replicas=1");
        assertThat(Comparison.shapeDifferences(params("{\"plan\":\"heterogeneous\"}"),
                params("{\"plan\":\"heterogeneous\",\"search.nodes\":\"1\"}"))).isEmpty();
        assertThat(Comparison.shapeDifferences(params("{\"plan\":\"heterogeneous\"}"),
                params("{\"plan\":\"heterogeneous\",\"search.nodes\":\"2\",\"search.replicas\":\"1\"}")))
                .containsExactly("search.nodes differs: baseline 1, run 2", "search.replicas differs: baseline 0, run 1");
    }

    @Test
    void replicasAndRemoteEnginesAreSeriesOfTheirOwnAndOneInstanceIsWhatEarlierRunsHad() throws Exception {
        RunRecord older = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\"}}"));
        RunRecord one = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\",\"instances\":\"1\","
                + "\"jmeter.remotes\":\"\"}}"));
        RunRecord scaledOut = Records.of(Json.mapper().readTree("{\"parameters\":{\"plan\":\"heterogeneous\",\"instances\":\"2\","
                + "\"jmeter.remotes\":\"10.0.0.5:1099,10.0.0.6:1099\"}}"));
        assertThat(one.shape()).isEqualTo(older.shape());
        assertThat(scaledOut.shape()).endsWith("instances=2 jmeter.remotes=10.0.0.5:1099,10.0.0.6:1099");
        assertThat(Comparison.shapeDifferences(params("{\"plan\":\"heterogeneous\"}"),
                params("{\"plan\":\"heterogeneous\",\"instances\":\"2\"}")))
                .containsExactly("instances differs: baseline 1, run 2");
    }
}
