package io.idbench.seed.provisioning;

/**
 * One change a provisioning client makes to one object, in one cycle: the plan sends it in the client's dialect (its lookups,
 * then its create, update or membership request), and the auditor replays it to know what the target must hold.
 *
 * @param cycle 0 for the initial cycle, then 1, 2, … for the incremental ones
 * @param phase users first, then groups: a membership names users the same cycle may create
 * @param job   the provisioning job that sends it: every change of one object is one job's, so they stay in order
 * @param kind  what changes
 * @param user  the user's userName (null for a group's own change)
 * @param group the group's displayName (null for a user's own change)
 * @param value the new title of an update (null otherwise)
 */
public record Step(int cycle, Phase phase, int job, Kind kind, String user, String group, String value) {
    /** Within a cycle, every job sends its users' changes, then its groups' (memberships reference users). */
    public enum Phase {
        USERS, GROUPS
    }

    public enum Kind {
        CREATE_USER, UPDATE_USER, DEACTIVATE_USER, DELETE_USER, CREATE_GROUP, ADD_MEMBER, REMOVE_MEMBER
    }

    /** As the plan reads it: cycle,phase,job,kind,user,group,value (empty for null). */
    public String csv() {
        return cycle + "," + phase.name().toLowerCase(java.util.Locale.ROOT) + "," + job + ","
                + kind.name().toLowerCase(java.util.Locale.ROOT)
                + "," + (user == null ? "" : user) + "," + (group == null ? "" : group) + "," + (value == null ? "" : value);
    }
}
