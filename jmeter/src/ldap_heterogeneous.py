"""Plan 1 over LDAP (jmeter/ldap-heterogeneous.jmx, target=openldap): the six operations of an iteration as a directory does
them, with the same names, the same hot set, the same checks as the SCIM plan. What differs is the protocol: a DN instead of
an id (derived from the userName: no search to learn it), a modify that answers with the entry through the post-read
control, no server-side sort of the search (slapd's needs the sssvlv overlay, which idbench does not configure)."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
P = "heterogeneous"
FRAG = "one iteration: six operations"

iteration = fragment(FRAG,
    ldap_op("Create new user", add_user("newName") + "\n" + post_read("uid", "newName", "the entry is not the new identity"),
            plan1_names()),
    ldap_op("Search existing user", """String target = vars.get('target')
SearchRequest search = new SearchRequest(people, SearchScope.SUB,
        Filter.createORFilter(Filter.createEqualityFilter('givenName', 'fn_' + target), Filter.createEqualityFilter('sn', 'sn_' + target)),
        '*')
search.setSizeLimit(25)
SearchResult result = c.search(search)
SearchResultEntry found = result.getSearchEntries().find { it.getAttributeValue('uid') == target }
vars.put('foundDn', found == null ? 'NOT_FOUND' : found.getDN())
if (found == null) {
    failure = 'the search did not find ' + target + ' (' + result.getEntryCount() + ' entries)'
}"""),
    ldap_op("Read existing user by id", """SearchResultEntry entry = c.getEntry(vars.get('foundDn'), '*')
if (entry == null || entry.getAttributeValue('uid') != vars.get('target')) {
    failure = 'it is not ' + vars.get('target') + ': ' + entry?.getAttributeValue('uid')
}"""),
    ldap_op("Update existing user", """vars.put('newMail', vars.get('newName') + '.mail@example.org')
ModifyRequest modify = new ModifyRequest(vars.get('foundDn'), new Modification(ModificationType.REPLACE, 'mail', vars.get('newMail')))
modify.addControl(new PostReadRequestControl('mail'))
LDAPResult result = c.modify(modify)
""" + post_read("mail", "newMail", "the new e-mail is not visible")),
    ldap_op("Read new user by userName", """SearchResult result = c.search(people, SearchScope.SUB, Filter.createEqualityFilter('uid', vars.get('newName')), '*')
if (result.getEntryCount() != 1) {
    failure = 'exactly one match expected, found ' + result.getEntryCount()
} else if (result.getSearchEntries()[0].getDN() != 'uid=' + vars.get('newName') + ',' + people) {
    failure = 'it is not the new identity: ' + result.getSearchEntries()[0].getDN()
}"""),
    ldap_op("Delete new user", """c.delete('uid=' + vars.get('newName') + ',' + people)"""))

populate = loop("populate", "${__P(populate.loops,30)}", phase("populate"),
    ldap_op("Populate: create user", add_user("hotName"),
            populate_name()))

teardown = loop("teardown", "${__P(populate.loops,30)}", phase("teardown"),
    ldap_op("Teardown: delete user", """try {
    c.delete('uid=' + vars.get('hotName') + ',' + people)
} catch (LDAPException e) {
    if (e.getResultCode() != ResultCode.NO_SUCH_OBJECT) {
        throw e
    }
}""", teardown_name()))

run = thread_group("2 Run", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: Populate (each thread adds loops hot-set identities: the 2018 hot set, recorded with phase=populate), "
    "warm-up until steady, Mixed (the measured phase), Teardown (deletes the hot set, so that the next repetition starts from the "
    "seeded directory). Populate and Teardown are not measured. Each thread binds once, as the directory's administrator.",
    *repetitions(P, FRAG, before=[connect(), populate], after=[teardown]))

udvs = [("tag", "${__changeCase(${__P(run.tag,run)},LOWER,)}.${__time(,)}")]

comment = ("Plan 1 (the 2018 Syncope study) over LDAP, for a directory (target=openldap): repeat times: Populate, warm-up until "
           "steady, Mixed (six operations per iteration: add, search by name, read by DN, modify the e-mail, search by uid, delete: "
           "measured), Teardown. Properties: target.host/port, ldap.base/bindDn/password, threads, loops or duration, rampup, "
           "warmup, warmupMax, steady.pct, repeat, hotset, users, populate.loops.")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, iteration, run))
