package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The SQL behind one operation of a staged plan (plan 6): pg_stat_statements of the target's database over that operation's
 * stages, summed over the repetitions: the statements of most total time, how many kinds of statement ran, and the planner's
 * generic plan of the slowest (or why there is none).
 *
 * @param statementKinds how many distinct statements ran (the list keeps the ten of most time)
 * @param callsPerRequest the statements' calls over the label's measured samples: how many round trips a request costs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperationSql(List<Telemetry.Statement> statements, int statementKinds, Double callsPerRequest, String slowestPlan) {

    /** From all its statements' {@code calls} and the label's measured {@code samples}. */
    public static OperationSql of(List<Telemetry.Statement> statements, int statementKinds, long calls, long samples, String slowestPlan) {
        return new OperationSql(statements, statementKinds, samples > 0 ? (double) calls / samples : null, slowestPlan);
    }
}
