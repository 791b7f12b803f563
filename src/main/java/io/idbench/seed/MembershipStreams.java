package io.idbench.seed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.membership.DynamicGroups;
import io.idbench.store.StorageSchema;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * One identity's membership rows, the same in both storages: direct rows for the profile's static
 * groups, and a row for every dynamic group whose condition the identity satisfies, decided by
 * the service's own evaluator as on a save.
 */
final class MembershipStreams {
    private final List<UUID> staticGroups;
    private final DynamicGroups dynamic;
    private final CopyStream direct;
    private final CopyStream indirect;

    MembershipStreams(CopySession session, Storage storage, LoadInput input) throws SQLException {
        this.staticGroups = input.staticGroupIds();
        this.dynamic = input.dynamic();
        this.direct = session.open(StorageSchema.membership(storage), "group_id, user_id");
        this.indirect = session.open(StorageSchema.dynamicMembership(storage), "group_id, user_id");
    }

    /**
     * The dynamic groups identity {@code id} (its canonical body, userName included) belongs to. The body is asked for only
     * when there are dynamic groups: without them a JSONB load never builds one.
     */
    List<DynamicGroups.Group> matching(UUID id, Supplier<ObjectNode> body) {
        return dynamic.isEmpty() ? List.of()
                : dynamic.matching(id, body.get(), IdentityGenerator.SEEDED_AT, IdentityGenerator.SEEDED_AT);
    }

    void write(UUID id, List<DynamicGroups.Group> matching) {
        for (UUID group : staticGroups) {
            direct.value(group).value(id).endRow();
        }
        for (DynamicGroups.Group g : matching) {
            indirect.value(g.id()).value(id).endRow();
        }
    }
}
