"""Plan 1 over LDAP (jmeter/ldap-heterogeneous.jmx, target=openldap): the six operations of an iteration as a directory does
them, with the same names, the same hot set, the same identity, the same checks as the SCIM plan. What differs is the
protocol: a DN instead of an id (derived from the userName: no search to learn it), a modify that answers with the entry
through the post-read control, no server-side sort of the search (slapd's needs the sssvlv overlay, which idbench does not
configure)."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
from identity import user_body
P = "heterogeneous"
FRAG = "one iteration: six operations"

iteration = fragment(FRAG,
    ldap_op("Create new user", "AddIdentity", [("user", user_body("${newName}"))], plan1_names()),
    ldap_op("Search existing user", "SearchByName", [("uid", "${target}")]),
    ldap_op("Read existing user by id", "ReadIdentity", [("dn", "${foundDn}"), ("uid", "${target}")]),
    ldap_op("Update existing user", "ReplaceAttribute", [("dn", "${foundDn}"), ("attribute", "mail"),
                                                         ("value", "${newName}.mail@example.org")]),
    ldap_op("Read new user by userName", "FindByUid", [("uid", "${newName}")]),
    ldap_op("Delete new user", "DeleteIdentity", [("uid", "${newName}"), ("absentOk", "false")]))

populate = loop("populate", "${__P(populate.loops,30)}", phase("populate"),
    ldap_op("Populate: create user", "AddIdentity", [("user", user_body("${hotName}"))], populate_name()))

teardown = loop("teardown", "${__P(populate.loops,30)}", phase("teardown"),
    ldap_op("Teardown: delete user", "DeleteIdentity", [("uid", "${hotName}"), ("absentOk", "true")], teardown_name()))

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
