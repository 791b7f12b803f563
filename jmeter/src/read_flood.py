"""Plan 2 (Apicurio Registry study): GET /Users/{id} of random seeded identities, closed or open model."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
P = "read-flood"
FRAG = "one read"

# The id of identity N: a name-based UUID of "idbench:user.N" (seed/IdentityGenerator) on idbench's service; on a target seeded
# over SCIM (ids.file), the id the target assigned, read once from the seed's CSV (id,userName) into a shared array.
pick = jsr223_pre("a random seeded identity", 'long n = 1 + java.util.concurrent.ThreadLocalRandom.current().nextLong(props.get("users") as long)\n'
                  'vars.put("n", String.valueOf(n))\n'
                  'if (props.getProperty("ids.file", "").isEmpty()) {\n'
                  '    vars.put("id", UUID.nameUUIDFromBytes(("idbench:user." + n).getBytes("UTF-8")).toString())\n'
                  '    return\n'
                  '}\n'
                  + loaded_once("ids", "ids.file", "the ids the target assigned", 'it.substring(0, it.indexOf(","))') +
                  'vars.put("id", ids[(int) (n - 1)])')
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
