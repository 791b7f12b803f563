package io.idbench.targets.ldap.jmeter;

/** Plan 3's group: argument {@code group} (hr), whose members are every seeded identity (property users). */
abstract class GroupMembers extends LdapSampler {
    GroupMembers() {
        super("group");
    }

    static String groupDn(Operation op) {
        return "cn=" + op.arg("group") + ",ou=groups," + op.props().getProperty("ldap.base");
    }
}
