package io.idbench.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.scim.filter.ListQuery;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The storage port: what the service needs from a physical design. Bodies are canonical (see
 * ResourceValidator). Violated uniqueness raises 409 uniqueness, a missing resource 404, a
 * version mismatch 412: always as {@link io.idbench.scim.ScimException}, never a database error.
 * {@code expectedVersion} null means "any version" (no If-Match).
 */
public interface IdentityStore extends AutoCloseable {

    /** Which storage this is. */
    Storage storage();

    /** Creates a user under a new random id. */
    default StoredResource createUser(ObjectNode body, String passwordHash) {
        return createUser(UUID.randomUUID(), body, passwordHash);
    }

    /** Creates a user under a given id (deterministic datasets: identity N has the same id everywhere). */
    StoredResource createUser(UUID id, ObjectNode body, String passwordHash);

    Optional<StoredResource> findUser(UUID id);

    /**
     * Applies {@code change} to the current body under a row lock, so concurrent modifications
     * serialize and none is lost; the result is stored as the new body.
     */
    StoredResource modifyUser(UUID id, Long expectedVersion, UserChange change);

    /** @return the version the user had when it was deleted */
    long deleteUser(UUID id, Long expectedVersion);

    /** As {@link #searchUsers(ListQuery, UserFields)}, the whole users. */
    default ResultPage searchUsers(ListQuery query) {
        return searchUsers(query, UserFields.ALL);
    }

    /** @param fields what of each user the response needs; the rest is neither read nor aggregated */
    ResultPage searchUsers(ListQuery query, UserFields fields);

    /** As {@link #findUsers(List, UserFields)}, the whole users. */
    default List<StoredResource> findUsers(List<UUID> ids) {
        return findUsers(ids, UserFields.ALL);
    }

    /** The users with these ids that exist, in the order of {@code ids} (search-engine hits are loaded so). */
    List<StoredResource> findUsers(List<UUID> ids, UserFields fields);

    /** Up to {@code limit} users with ids greater than {@code after} (null: from the start), in id order. */
    List<StoredResource> usersAfter(UUID after, int limit);

    long countUsers();

    /** Why the database cannot serve requests now (no connection, no answer within 2 s), or empty when it can. */
    Optional<String> databaseProblem();

    /** Creates the group; the result carries at most {@code memberLimit} members (see findGroup). */
    default StoredResource createGroup(ObjectNode body, int memberLimit) {
        return createGroup(UUID.randomUUID(), body, memberLimit);
    }

    StoredResource createGroup(UUID id, ObjectNode body, int memberLimit);

    /**
     * @param memberLimit 0 = without members; otherwise members are included, and a group with
     *                    more than memberLimit members is answered with 400 tooMany
     */
    Optional<StoredResource> findGroup(UUID id, int memberLimit);

    /** {@code change} sees the members (at most {@code memberLimit}, else 400 tooMany). */
    StoredResource modifyGroup(UUID id, Long expectedVersion, int memberLimit, UnaryOperator<ObjectNode> change);

    void deleteGroup(UUID id, Long expectedVersion);

    /**
     * Adds and removes direct members as membership rows, without reading the group's members
     * (so it works on groups of any size); the group's version moves on. Returns the group
     * without its members.
     */
    StoredResource changeGroupMembers(UUID id, Long expectedVersion, Set<UUID> add, Set<UUID> remove);

    /** {@code memberLimit} as in {@link #findGroup}, per group of the page. */
    ResultPage searchGroups(ListQuery query, int memberLimit);

    /**
     * Tells {@code listener}, after each commit, which users' {@code groups} changed through a
     * group write (members added or removed, a rename, a dynamic condition recomputed). Users'
     * own saves are not reported: their caller has the new state already.
     */
    default void onMembershipChange(Consumer<List<UUID>> listener) {
    }

    /**
     * The id of a group created by name ({@link #ensureGroups}, the profile's dynamic groups): the
     * same in every database, so two seeded datasets are identical, memberships included.
     */
    static UUID namedGroupId(String displayName) {
        return UUID.nameUUIDFromBytes(("idbench:group." + displayName.toLowerCase(Locale.ROOT))
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Creates the named groups that do not exist yet (the profile's static groups), under {@link #namedGroupId}. */
    void ensureGroups(Iterable<String> displayNames);

    /** The new body and, when the password changed, its new hash (null keeps the old one). */
    record Modified(ObjectNode body, String passwordHash) {
    }

    @FunctionalInterface
    interface UserChange {
        Modified apply(ObjectNode current);
    }

    @Override
    void close();
}
