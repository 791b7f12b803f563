"""Plan 4 over LDAP (jmeter/ldap-query-values.jmx, target=openldap): the iteration of the SCIM plan as a directory does it, with
the same names, the same identity, the same questions and the same exact answers (answers.file). A partial update is a modify
of one attribute, a full update a modify replacing every attribute but the name (what a SCIM PUT replaces), each answering
with the entry through the post-read control. The queries are LDAP filters: `(&(employeeType=Type C)(idbenchSsn>=floor+1))`
(SCIM's `gt` on an integer) and `(&(employeeType=Type C)(mail=user.N@example.org))`. LDAP has no count: the first query's
matches are listed (DNs only) and counted, where the SCIM plan reads totalResults and the first 25 identities."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
from identity import user_body
from answers import ANSWERS
P = "query-values"
FRAG = "one iteration"
QUERIED_TYPE = ("type", "Type C")

iteration = fragment(FRAG,
    ldap_op("Create user", "AddIdentity", [("user", user_body("${newName}"))],
            user_params("this iteration", [("newName", "q.${tag}.${sideTag}${rep}.${phase}.${__threadNum}.${__counter(TRUE,)}")]),
            ANSWERS),
    ldap_op("Partial update (PATCH one attribute)", "ReplaceAttribute", [("dn", dn("${newName}")), ("attribute", "title"),
                                                                         ("value", "t-${newName}")]),
    ldap_op("Full update (PUT)", "ReplaceIdentity", [("user", user_body("${newName}")), ("removed", "title")]),
    ldap_op("Query by type and value range", "CountByTypeAboveFloor", [QUERIED_TYPE, ("floor", "${ssnFloor}"),
                                                                       ("expected", "${aboveFloor}")]),
    ldap_op("Query by type and e-mail", "FindByTypeAndMail", [QUERIED_TYPE, ("mail", "user.${n}@example.org"),
                                                              ("expected", "${byEmail}")]),
    ldap_op("Delete user", "DeleteIdentity", [("uid", "${newName}"), ("absentOk", "false")]))

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
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, iteration, tg))
