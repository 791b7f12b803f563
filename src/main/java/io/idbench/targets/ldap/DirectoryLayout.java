package io.idbench.targets.ldap;

/**
 * Where the workload's identities live in the directory: people under {@code ou=people}, the static groups under
 * {@code ou=groups}, named by their SCIM names ({@code uid=user.N}, {@code cn=hr}). The plans' and the seed's names are
 * plain ASCII without DN specials, so a DN is made by concatenation, never escaped.
 */
public final class DirectoryLayout {
    /** The directory's suffix. */
    public static final String BASE_DN = "dc=idbench,dc=org";
    public static final String PEOPLE_DN = "ou=people," + BASE_DN;
    public static final String GROUPS_DN = "ou=groups," + BASE_DN;
    /** slapd's rootdn: the plans bind as it, as they act as idbench's administrator on the SCIM targets. */
    public static final String ROOT_DN = "cn=admin," + BASE_DN;

    private DirectoryLayout() {
    }

    public static String userDn(String userName) {
        return "uid=" + userName + "," + PEOPLE_DN;
    }

    public static String groupDn(String name) {
        return "cn=" + name + "," + GROUPS_DN;
    }
}
