"""Plan 6 (the Keycloak team's SCIM benchmark, keycloak/keycloak#48803): five reads of seeded identities, each measured on its
own with every thread, over SCIM and, where the target has one (Keycloak), over its Admin REST API, stage by stage."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from identity import ENTERPRISE
P = "keycloak-team"
WARM = "warm-up: every operation once"

ADMIN = "${__P(admin.path,)}"
HAS_ADMIN = '${__jexl3("' + ADMIN + '" != "")}'
ALWAYS = "true"

# The Admin REST API speaks plain JSON: a SCIM media type in Accept could be refused.
ADMIN_HEADERS = headers("Admin API headers", [("Accept", "application/json")])

def one(count):
    """The answer lists exactly one identity (count: where the answer says how many)."""
    return [status("200"), json_is("exactly one identity", count, "1")]

def admin_get(label, path, *children, query=()):
    return http(label, "GET", ADMIN + path, ADMIN_HEADERS, *children, query=query)

# (operation, SCIM request, Admin API request): every request picks its own random seeded identity.
OPERATIONS = [
    ("Read user by id",
     lambda l: http(l, "GET", "${base}/Users/${id}", random_seeded_identity(), status("200"), json_is("it is the identity asked for", "$.id", "${id}")),
     lambda l: admin_get(l, "/users/${id}", random_seeded_identity(), status("200"), json_is("it is the identity asked for", "$.id", "${id}"))),
    ("List 100 users",
     lambda l: http(l, "GET", "${base}/Users", status("200"), json_is("every seeded identity is counted", "$.totalResults", "${__P(users)}"),
                    json_is("a full page", "$.Resources.length()", "100"), query=[("startIndex", "1"), ("count", "100")]),
     lambda l: admin_get(l, "/users", status("200"), json_is("a full page", "$.length()", "100"),
                    query=[("first", "0"), ("max", "100")])),
    ("Search by userName",
     lambda l: http(l, "GET", "${base}/Users", random_seeded_identity(), *one("$.totalResults"),
                    query=[("filter", 'userName eq "user.${n}"')]),
     lambda l: admin_get(l, "/users", random_seeded_identity(), *one("$.length()"),
                    query=[("username", "user.${n}"), ("exact", "true")])),
    ("Search by e-mail",
     lambda l: http(l, "GET", "${base}/Users", random_seeded_identity(), *one("$.totalResults"),
                    query=[("filter", 'emails.value eq "user.${n}@example.org"')]),
     lambda l: admin_get(l, "/users", random_seeded_identity(), *one("$.length()"),
                    query=[("email", "user.${n}@example.org"), ("exact", "true")])),
    ("Search by employeeNumber",
     lambda l: http(l, "GET", "${base}/Users", random_seeded_identity(), *one("$.totalResults"),
                    query=[("filter", ENTERPRISE + ':employeeNumber eq "E${n}"')]),
     lambda l: admin_get(l, "/users", random_seeded_identity(), *one("$.length()"),
                    query=[("q", "employeeNumber:E${n}"), ("exact", "true")])),
]

fragments, stages, warm = [], [], []
for op, scim, admin in OPERATIONS:
    for protocol, request, condition in [("SCIM", scim, ALWAYS), ("Admin API", admin, HAS_ADMIN)]:
        label = f"{op} ({protocol})"
        fragments.append(fragment(label, request(label)))
        stages.append((label, condition))
        warm.append(request(label) if condition == ALWAYS else if_("the target has an Admin API", condition, request(label)))

tg = thread_group("The Keycloak team's operations", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: a warm-up of every operation until steady, then each operation on its own for duration s (or loops "
    "iterations), all threads in it, SCIM and Admin API in adjacent stages whose order alternates from one repetition to the next.",
    headers("SCIM headers", SCIM_HEADERS), *staged_repetitions(P, WARM, stages))

udvs = []
comment = ("Plan 6 of docs/workload.md (the Keycloak team's SCIM benchmark, keycloak/keycloak#48803 and #51400): read a user by id, "
           "list a page of 100 users, search by userName, by e-mail and by employeeNumber, over SCIM and over Keycloak's Admin REST "
           "API (admin.path; skipped where the target has none), each operation measured on its own with every thread. "
           "Properties: target.*, token, users, ids.file, admin.path, threads, loops or duration, rampup, warmup.")
open(sys.argv[1], "w").write(plan(P, comment, udvs, http_defaults(), server_timing(), fragment(WARM, *warm), *fragments, tg))
