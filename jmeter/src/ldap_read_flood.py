"""Plan 2 over LDAP (jmeter/ldap-read-flood.jmx, target=openldap): a random seeded identity read by its DN (the directory's id,
derived from its userName), closed or open model as the SCIM plan."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
P = "read-flood"
FRAG = "one read"

read = fragment(FRAG, ldap_op("Read user by id", "ReadSeededIdentity"))

closed = thread_group("Closed model: threads read as fast as they can", '${__jexl3("${__P(open,false)}" == "true" ? 0 : ${__P(threads,10)})}',
    "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Active when rate=0: every repetition, threads x (loops or duration), after the warm-up until steady and the barrier.",
    *repetitions(P, FRAG, before=[connect()]))

open_ = open_model(P, FRAG, each=[connect()])

udvs = []
comment = ("Plan 2 of docs/workload.md over LDAP: a random seeded identity (users) read by its DN, for duration s, with threads "
           "threads (closed model) or at rate operations/s (open model). Properties: target.host/port, ldap.base/bindDn/password, "
           "users, threads, duration, rampup, warmup, rate, open.")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, read, closed, open_))
