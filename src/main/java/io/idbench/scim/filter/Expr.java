package io.idbench.scim.filter;

import java.util.List;

/**
 * The resolved filter AST: every attribute is bound to its schema definition and every literal is
 * type-checked and canonical. Comparisons always address one single value; "any value of a
 * multi-valued attribute" is explicit ({@link Any}). Storage compilers and the in-memory evaluator
 * both consume this tree, so they cannot disagree about what a filter means.
 *
 * <p>Semantics (shared by every consumer): a comparison with an absent value is false; {@code not}
 * is two-valued (so {@code ne} = {@code not eq} matches resources without the attribute);
 * case-insensitive attributes compare lower-cased; text order is Unicode code point order.
 */
public sealed interface Expr {

    record And(List<Expr> operands) implements Expr {
        public And {
            operands = List.copyOf(operands);
        }
    }

    record Or(List<Expr> operands) implements Expr {
        public Or {
            operands = List.copyOf(operands);
        }
    }

    record Not(Expr operand) implements Expr {
    }

    /** {@code operand op literal}; the literal's Java type matches the operand's SCIM type. */
    record Compare(Operand operand, Op op, Object literal) implements Expr {
    }

    /** {@code operand pr}: the value is present (stored resources never hold null or empty values). */
    record Present(Operand operand) implements Expr {
    }

    /** True when at least one element of a multi-valued attribute satisfies {@code element}. */
    record Any(AttrRef collection, Expr element) implements Expr {
    }

    enum Op {
        EQ("eq"), CO("co"), SW("sw"), EW("ew"), GT("gt"), GE("ge"), LT("lt"), LE("le");

        private final String token;

        Op(String token) { this.token = token; }

        public String token() { return token; }
    }
}
