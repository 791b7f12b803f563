package io.idbench.seed.provisioning;

/**
 * One change a provisioning client makes to one object, in one cycle: the plan sends it in the client's dialect (its lookups,
 * then its create, update or membership request), and the auditor replays it to know what the target must hold.
 *
 * @param cycle 0 for the initial cycle, then 1, 2, … for the incremental ones; -1 for the users present before it
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

    /** One line of {@link #csv()}, read back. */
    public static Step parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != 7) {
            throw new IllegalArgumentException("a step has 7 fields (cycle,phase,job,kind,user,group,value), was '" + line + "'");
        }
        return new Step(Integer.parseInt(f[0]), Phase.valueOf(f[1].toUpperCase(java.util.Locale.ROOT)), Integer.parseInt(f[2]),
                Kind.valueOf(f[3].toUpperCase(java.util.Locale.ROOT)), f[4].isEmpty() ? null : f[4], f[5].isEmpty() ? null : f[5],
                f[6].isEmpty() ? null : f[6]);
    }

    /** As the plan reads it: cycle,phase,job,kind,user,group,value (empty for null). */
    public String csv() {
        return cycle + "," + phase.name().toLowerCase(java.util.Locale.ROOT) + "," + job + ","
                + kind.name().toLowerCase(java.util.Locale.ROOT)
                + "," + (user == null ? "" : user) + "," + (group == null ? "" : group) + "," + (value == null ? "" : value);
    }
}
