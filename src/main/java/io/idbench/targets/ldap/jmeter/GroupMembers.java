package io.idbench.targets.ldap.jmeter;

/** Plan 3's group: argument {@code group} (hr), whose members are every seeded identity (property users). */
abstract class GroupMembers extends LdapSampler {
    @Override
    protected String[] parameters() {
        return new String[] {"group"};
    }

    static String groupDn(Operation op) {
        return "cn=" + op.arg("group") + ",ou=groups," + op.props().getProperty("ldap.base");
    }
}
