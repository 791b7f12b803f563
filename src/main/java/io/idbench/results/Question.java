package io.idbench.results;

import io.idbench.config.TargetKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A question the recorded runs answer, one row of the site's answer table: what the storage changes, what a search engine
 * costs and saves, what dynamic memberships cost, how each strategy scales, and how each product compares with idbench's
 * service.
 *
 * @param product the product a {@link Topic#PRODUCT} question sets beside the service; null for the others
 */
public record Question(Topic topic, TargetKind product) {

    /** What a question varies. */
    public enum Topic {
        /** JSONB against relational, all else equal. */
        STORAGE,
        /** A search engine beside PostgreSQL against PostgreSQL alone, and one engine against another. */
        ENGINE,
        /** Dynamic group memberships against none. */
        MEMBERSHIPS,
        /** One strategy from its smallest dataset to its largest. */
        SCALING,
        /** A real product against idbench's service, on the same identities and requests. */
        PRODUCT
    }

    public static final Question STORAGE = new Question(Topic.STORAGE, null);
    public static final Question ENGINE = new Question(Topic.ENGINE, null);
    public static final Question MEMBERSHIPS = new Question(Topic.MEMBERSHIPS, null);
    public static final Question SCALING = new Question(Topic.SCALING, null);

    public static Question product(TargetKind kind) {
        if (kind.ownService()) {
            throw new IllegalArgumentException("idbench's service is what products are compared with, not a product");
        }
        return new Question(Topic.PRODUCT, kind);
    }

    /** Every question, in the order the answer table lists them: the strategies first, then one per product. */
    public static List<Question> all() {
        List<Question> out = new ArrayList<>(List.of(STORAGE, ENGINE, MEMBERSHIPS, SCALING));
        for (TargetKind kind : TargetKind.values()) {
            if (!kind.ownService()) {
                out.add(product(kind));
            }
        }
        return out;
    }

    /** The question's anchor on a page: storage, engine, memberships, scaling, keycloak, openldap. */
    public String id() {
        return topic == Topic.PRODUCT ? product.id() : topic.name().toLowerCase(java.util.Locale.ROOT);
    }
}
