package io.idbench.search;

import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.schema.Uniqueness;

/**
 * A filter that is one equality on a server-unique single-valued attribute ({@code userName eq
 * "…"}, {@code id eq "…"}, the profile's unique numbers) is a key lookup, not a search: the
 * database answers it from a unique index, always with the latest committed write. SCIM clients
 * resolve identities this way before every provisioning step, and must never miss a fresh one.
 */
public final class KeyLookups {
    private KeyLookups() {
    }

    public static boolean isKeyLookup(Expr filter) {
        return filter instanceof Expr.Compare cmp && cmp.op() == Expr.Op.EQ
                && cmp.operand() instanceof AttrRef ref && ref.sub() == null && !ref.attribute().multiValued()
                && ref.attribute().uniqueness() == Uniqueness.SERVER;
    }
}
