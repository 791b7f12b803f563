"""Plan 4 over LDAP (jmeter/ldap-query-values.jmx, target=openldap): the iteration of the SCIM plan as a directory does it, with
the same names, the same questions and the same exact answers (answers.file). A partial update is a modify of one attribute, a
full update a modify replacing every attribute but the name (what a SCIM PUT replaces), each answering with the entry through the
post-read control. The queries are LDAP filters: `(&(employeeType=Type C)(idbenchSsn>=floor+1))` (SCIM's `gt` on an integer) and
`(&(employeeType=Type C)(mail=user.N@example.org))`. LDAP has no count: the first query's matches are listed (DNs only) and
counted, where the SCIM plan reads totalResults and the first 25 identities."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
from query_values import ANSWERS
P = "query-values"
FRAG = "one iteration"

QUERIED_TYPE = "Filter.createEqualityFilter('employeeType', 'Type C')"

iteration = fragment(FRAG,
    ldap_op("Create user", add_user("newName") + "\n" + post_read("uid", "newName", "the entry is not the new identity"),
            user_params("this iteration", [("newName", "q.${tag}.${sideTag}${rep}.${phase}.${__threadNum}.${__counter(TRUE,)}")]),
            ANSWERS),
    ldap_op("Partial update (PATCH one attribute)", """vars.put('patchedTitle', 't-' + vars.get('newName'))
ModifyRequest modify = new ModifyRequest('uid=' + vars.get('newName') + ',' + people,
        new Modification(ModificationType.REPLACE, 'title', vars.get('patchedTitle')))
modify.addControl(new PostReadRequestControl('title'))
LDAPResult result = c.modify(modify)
""" + post_read("title", "patchedTitle", "the new title is not visible")),
    ldap_op("Full update (PUT)", identity_entry("newName") + """
// Every attribute but the name replaced, and what the new identity does not hold (the title) removed, as a PUT replaces the resource.
List<Modification> changes = entry.getAttributes().findAll { !(it.getName() in ['objectClass', 'uid']) }
        .collect { new Modification(ModificationType.REPLACE, it.getName(), it.getValues()) }
changes << new Modification(ModificationType.REPLACE, 'title')
ModifyRequest modify = new ModifyRequest(entry.getDN(), changes)
modify.addControl(new PostReadRequestControl('uid', 'title'))
LDAPResult result = c.modify(modify)
""" + post_read("uid", "newName", "it is not the identity") + """
if (failure == null && read.getEntry().hasAttribute('title')) {
    failure = 'the title the identity no longer has is still there: ' + read.getEntry().getAttributeValue('title')
}"""),
    ldap_op("Query by type and value range", count_entries(
        "Filter.createANDFilter(" + QUERIED_TYPE + ",\n            Filter.createGreaterOrEqualFilter('idbenchSsn', "
        "String.valueOf((vars.get('ssnFloor') as long) + 1)))") + """
if (counted != (vars.get('aboveFloor') as long)) {
    failure = 'exactly the seeded identities of Type C above the floor: ' + vars.get('aboveFloor') + ' expected, counted ' + counted
}"""),
    ldap_op("Query by type and e-mail", """SearchResult result = c.search(people, SearchScope.ONE,
        Filter.createANDFilter(""" + QUERIED_TYPE + """, Filter.createEqualityFilter('mail', 'user.' + vars.get('n') + '@example.org')), '*')
if (result.getEntryCount() != (vars.get('byEmail') as int)) {
    failure = 'the identity if it is of Type C, else none: ' + vars.get('byEmail') + ' expected, found ' + result.getEntryCount()
}"""),
    ldap_op("Delete user", """c.delete('uid=' + vars.get('newName') + ',' + people)"""))

tg = thread_group("Query values", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: each thread warms up until steady, meets the others at the barrier, then measures loops iterations (or "
    "duration s). Each thread binds once, as the directory's administrator.",
    *repetitions(P, FRAG, before=[connect()]))

udvs = [("tag", "${__changeCase(${__P(run.tag,run)},LOWER,)}.${__time(,)}")]
comment = ("Plan 4 of docs/workload.md over LDAP, for a directory (target=openldap): add; modify one attribute; modify every "
           "attribute (a full update); count the seeded identities of Type C above an ssn floor (every match listed: LDAP has no "
           "count) and find one by type and e-mail, each asserting the exact answer the seeded identities give (answers.file); "
           "delete. Properties: target.host/port, ldap.base/bindDn/password, users, answers.file, threads, loops or duration, "
           "rampup, warmup.")
open(sys.argv[1], "w").write(plan(P, comment, udvs, iteration, tg))
