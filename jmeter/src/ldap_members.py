"""Plan 3 over LDAP (jmeter/ldap-members.jmx, target=openldap): group hr holds every seeded identity (member), each identity
names its groups (memberOf, kept by slapd's memberof overlay). LDAP has no count and no random offset: a page is the first
100 members through the paged-results control (RFC 2696; slapd gives no estimate of the total), and the count is every
member's DN listed, 1,000 to a page, and counted."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
P = "members"
FRAG = "one iteration: four reads"
HR = [("group", "hr")]

iteration = fragment(FRAG,
    ldap_op("Read group without members", "ReadGroupWithoutMembers", HR),
    ldap_op("Page of 100 members", "PageOfMembers", HR),
    ldap_op("Count members", "CountMembers", HR),
    ldap_op("Read user's groups", "ReadIdentityGroups", HR))

tg = thread_group("Members", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: each thread warms up until steady, meets the others at the barrier, then measures loops iterations (or "
    "duration s).",
    *repetitions(P, FRAG, before=[connect()]))

udvs = []
comment = ("Plan 3 of docs/workload.md over LDAP: group hr has every seeded identity as a member. Reads hr without its members, the "
           "first page of 100 members (paged results), the member count (every member listed: LDAP has no count), and one "
           "identity's groups (memberOf).")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, iteration, tg))
