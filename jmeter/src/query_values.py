"""Plan 4 (Stellio NGSI-LD study): create, partial and full update, queries by type and values."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from identity import user_body, PROFILE
from answers import ANSWERS
P = "query-values"
FRAG = "one iteration"

iteration = fragment(FRAG,
    http("Create user", "POST", "${base}/Users",
         user_params("this iteration", [("newName", "q.${tag}.${sideTag}${rep}.${phase}.${__threadNum}.${__counter(TRUE,)}")]),
         ANSWERS,
         status("201"), json_extract("newId", "$.id"), body=user_body("${newName}")),
    http("Partial update (PATCH one attribute)", "PATCH", "${base}/Users/${newId}", status_in("200", "204"),
         patched("the new title is visible in a 200", "patchedTitle", "$.title", "t-${newName}"),
         body='{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"replace","path":"title","value":"t-${newName}"}]}'),
    http("Full update (PUT)", "PUT", "${base}/Users/${newId}", status("200"), json_is("it is the identity", "$.id", "${newId}"),
         body=user_body("${newName}", "${newId}")),
    http("Query by type and value range", "GET", "${base}/Users", status("200"),
         json_is("exactly the seeded identities of Type C above the floor", "$.totalResults", "${aboveFloor}"),
         query=[("filter", 'userType eq "Type C" and ' + PROFILE + ':ssn gt ${ssnFloor}'), ("count", "25")]),
    http("Query by type and e-mail", "GET", "${base}/Users", status("200"),
         json_is("the identity if it is of Type C, else none", "$.totalResults", "${byEmail}"),
         query=[("filter", 'userType eq "Type C" and emails.value eq "user.${n}@example.org"')]),
    http("Delete user", "DELETE", "${base}/Users/${newId}", status("204")))

tg = thread_group("Query values", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: warm-up until steady, barrier, then loops iterations (or duration s). Stellio reports requests/s and p95 "
    "at 10 and 50 threads.",
    headers("SCIM headers", SCIM_HEADERS), *repetitions(P, FRAG))

udvs = [("tag", "${__changeCase(${__P(run.tag,run)},LOWER,)}.${__time(,)}")]
comment = ("Plan 4 of docs/workload.md (Stellio NGSI-LD study): create; partial update (PATCH one attribute); full update (PUT); "
           "query by type and a value range, and by type and an existing e-mail, each asserting the exact count the seeded identities give "
           "(answers.file); delete. Properties: target.*, token, users, answers.file, threads, loops or duration, rampup, warmup.")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, http_defaults(), server_timing(), iteration, tg))
