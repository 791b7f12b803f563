"""Plan 2 (Apicurio Registry study): GET /Users/{id} of random seeded identities, closed or open model."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
P = "read-flood"
FRAG = "one read"

pick = random_seeded_identity()
read = fragment(FRAG, http("Read user by id", "GET", "${base}/Users/${id}", pick, status("200"), json_is("it is the identity asked for", "$.id", "${id}")))

closed = thread_group("Closed model: threads read as fast as they can", '${__jexl3("${__P(open,false)}" == "true" ? 0 : ${__P(threads,10)})}',
    "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Active when rate=0: every repetition, threads x (loops or duration), after the warm-up until steady and the barrier.",
    headers("SCIM headers", SCIM_HEADERS), *repetitions(P, FRAG))

open_ = open_model(P, FRAG, config=[headers("SCIM headers", SCIM_HEADERS)])

udvs = []
comment = ("Plan 2 of docs/workload.md (Apicurio Registry study): GET /Users/{id} of random seeded ids (users), for duration s, with "
           "threads threads (closed model) or at rate requests/s (open model). Properties: target.*, token, users, threads, duration, "
           "rampup, warmup, rate, open.")
open(sys.argv[1], "w").write(plan(P, comment, udvs, http_defaults(), server_timing(), read, closed, open_))
