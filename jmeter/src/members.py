"""Plan 3 (Fedora repository 'many members' study): a group with as many members as identities."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
P = "members"
FRAG = "one iteration: four reads"

pick = user_params("a random seeded identity and page", [
    ("n", "${__Random(1,${__P(users,1000)},)}"),
    ("start", "${__Random(1,${__jexl3(${__P(users,1000)} > 100 ? ${__P(users,1000)} - 99 : 1)},)}")])
iteration = fragment(FRAG,
    http("Read group without members", "GET", "${base}/Groups/${hrId}", pick, status("200"), json_is("it is hr", "$.displayName", "hr"),
         query=[("excludedAttributes", "members")]),
    http("Page of 100 members", "GET", "${base}/Users", status("200"),
         json_is("every seeded identity is a member", "$.totalResults", "${__P(users)}"),
         query=[("filter", 'groups.value eq "${hrId}"'), ("startIndex", "${start}"), ("count", "100"), ("attributes", "userName")]),
    http("Count members", "GET", "${base}/Users", status("200"), json_is("every seeded identity is a member", "$.totalResults", "${__P(users)}"),
         query=[("filter", 'groups.value eq "${hrId}"'), ("count", "0")]),
    http("Read user's groups", "GET", "${base}/Users",
         status("200"), json_is("the identity is in hr", "$.Resources[0].groups[*].value", "${hrId}"),
         query=[("filter", 'userName eq "user.${n}"'), ("attributes", "groups")]))

find = if_("this repetition's service: find group hr", "true", phase("setup"),
          http("Find group hr", "GET", "${base}/Groups", status("200"), json_extract("hrId", "$.Resources[0].id"),
               var_not("hr exists", "hrId", "NOT_FOUND"),
               query=[("filter", 'displayName eq "hr"'), ("excludedAttributes", "members")]))

tg = thread_group("Members", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: each thread finds group hr, warms up until steady, meets the others at the barrier, then measures loops "
    "iterations (or duration s).",
    headers("SCIM headers", SCIM_HEADERS), *repetitions(P, FRAG, before=[find]))

udvs = []
comment = ("Plan 3 of docs/workload.md (Fedora 'many members' study): group hr has every seeded identity as a member. Reads hr without "
           "its members, a page of 100 members at a random offset, the member count, and one identity's groups (memberOf).")
open(sys.argv[1], "w").write(plan(P, comment, udvs, http_defaults(), server_timing(), iteration, tg))
