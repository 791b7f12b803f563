import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from identity import user_body
P = "heterogeneous"
FRAG = "one iteration: six requests"
iteration = fragment(FRAG,
    http("Create new user", "POST", "${base}/Users",
         plan1_names(),
         status("201"), json_is("the body is the new identity", "$.userName", "${newName}"), json_extract("newId", "$.id"),
         body=user_body("${newName}")),
    http("Search existing user", "GET", "${base}/Users",
         status("200"),
         json_extract("foundId", "$.Resources[?(@.userName == '${target}')].id"),
         var_not("the search found ${target}", "foundId", "NOT_FOUND"),
         query=[("filter", 'name.givenName eq "fn_${target}" or name.familyName eq "sn_${target}"'),
                ("sortBy", "name.familyName"), ("count", "25")], read=True),
    http("Read existing user by id", "GET", "${base}/Users/${foundId}",
         status("200"), json_is("it is ${target}", "$.userName", "${target}"), read=True),
    http("Update existing user", "PATCH", "${base}/Users/${foundId}",
         status_in("200", "204"), patched("the new e-mail is visible in a 200", "patchedMail", '$.emails[?(@.type == "work")].value', "${newName}.mail@example.org"),
         body='{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"replace","path":"emails[type eq \\"work\\"].value","value":"${newName}.mail@example.org"}]}'),
    http("Read new user by userName", "GET", "${base}/Users",
         status("200"), json_is("exactly one match", "$.totalResults", "1"), json_is("it is the new identity", "$.Resources[0].id", "${newId}"),
         query=[("filter", 'userName eq "${newName}"')], read=True),
    http("Delete new user", "DELETE", "${base}/Users/${newId}", status("204")))

def authenticate(name, condition, form, confidential):
    """One way to obtain the token at token.url; a confidential client (with a secret) authenticates with HTTP Basic, its id
    and secret form-encoded (RFC 6749 2.3.1), which every token endpoint accepts."""
    client = []
    if confidential:
        client = [jsr223_pre("the client's HTTP Basic credentials",
                             'String id = URLEncoder.encode(props.getProperty("token.clientId", ""), "UTF-8")\n'
                             'String secret = URLEncoder.encode(props.getProperty("token.clientSecret", ""), "UTF-8")\n'
                             'vars.put("clientBasic", (id + ":" + secret).getBytes("UTF-8").encodeBase64().toString())'),
                  headers("client authentication", [("Authorization", "Basic ${clientBasic}")])]
    return if_(name, '${__jexl3("${__P(token.url,)}" != "" && ' + condition + ')}',
        http("Authenticate", "POST", "${__P(token.url)}", *client,
             status("200"), json_extract("accessToken", "$.access_token"), json_extract("expiresIn", "$.expires_in", "0"),
             jsr223_post("the token for every later request, refreshed at 3/4 of its lifetime (as IterationChecks does)",
                         'props.put("token", vars.get("accessToken"))\n'
                         'long s = vars.get("expiresIn") as long\n'
                         'props.put("token.refreshAt", String.valueOf(s > 0 ? System.currentTimeMillis() + s * 750 : Long.MAX_VALUE))'),
             form=form))

PASSWORD = '"${__P(token.grant,)}" == "password"'
SECRET = '"${__P(token.clientSecret,)}" != ""'
login = thread_group("1 Login", "1", "0", "${__P(max.seconds,3900)}",
    "Obtains the bearer token the later requests use (2018: Authenticate user) from token.url: the password grant (idbench's "
    "service) or client credentials (Keycloak). Skipped for a static token (target.token).",
    phase("login"),
    authenticate("password grant, public client", PASSWORD + ' && "${__P(token.clientSecret,)}" == ""',
                 [("grant_type", "password"), ("username", "${__P(token.user)}"), ("password", "${__P(token.password)}"),
                  ("client_id", "${__P(token.clientId,)}")], False),
    authenticate("password grant, confidential client", PASSWORD + " && " + SECRET,
                 [("grant_type", "password"), ("username", "${__P(token.user)}"), ("password", "${__P(token.password)}")], True),
    authenticate("client_credentials grant", '"${__P(token.grant,)}" == "client_credentials"', [("grant_type", "client_credentials")],
                 True))

populate = loop("populate", "${__P(populate.loops,30)}", phase("populate"),
    http("Populate: create user", "POST", "${base}/Users",
         populate_name(),
         status("201"), body=user_body("${hotName}")))

# A search engine shows a write after its next refresh (about a second), so a search for an identity Populate has just created
# can miss it. Each thread searches, as the measured phase does, for the last identity it created (its earlier ones were
# indexed before it) until it is found, at most searchable.max s: the warm-up and the measured phase then find the whole
# hot set. A database answers the first search. Not after a failed create, and no further after an answer that is not a list
# (its totalResults absent): a broken service is not waited for.
searchable = if_("the targets are the hot set, and Populate's last create succeeded",
                 '${__jexl3("${__P(hotset,populate)}" == "populate" && "${JMeterThread.last_sample_ok}" == "true")}',
    mark_time("the hot set: not known searchable yet", [("searchableCap", "${__P(searchable.max,30)}")], also=[("hotVisible", "0")]),
    while_("until this thread's last hot-set identity is searchable (at most ${__P(searchable.max,30)} s)",
           '${__jexl3("${hotVisible}" == "0" && ${__time(,)} < ${searchableCap})}',
           http("Populate: searchable yet", "GET", "${base}/Users",
                status("200"), json_extract("hotVisible", "$.totalResults", "(no list)"),
                query=[("filter", 'name.givenName eq "fn_${hotName}" or name.familyName eq "sn_${hotName}"'), ("count", "1")], read=True),
           if_("not yet: again in 50 ms", '${__jexl3("${hotVisible}" == "0")}', no_op("pause 50 ms", pause_ms=50))))

teardown = loop("teardown", "${__P(populate.loops,30)}", phase("teardown"),
    http("Teardown: find user", "GET", "${base}/Users",
         teardown_name(),
         status("200"), json_extract("hotId", "$.Resources[0].id"),
         query=[("filter", 'userName eq "${hotName}"'), ("attributes", "id")]),
    if_("found", '${__jexl3("${hotId}" != "NOT_FOUND")}',
        http("Teardown: delete user", "DELETE", "${base}/Users/${hotId}", status("204"))))

run = thread_group("2 Run", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: Populate (each thread creates loops hot-set identities: the 2018 hot set, recorded with phase=populate, "
    "and searches for its last one until a search engine shows it), "
    "warm-up until steady, Mixed (the measured phase), Teardown (deletes the hot set, so that the next repetition starts from the "
    "seeded dataset). Populate and Teardown are not measured.",
    headers("SCIM headers", SCIM_HEADERS), *repetitions(P, FRAG, before=[populate, searchable], after=[teardown]))

udvs = [("tag", "${__changeCase(${__P(run.tag,run)},LOWER,)}.${__time(,)}")]

comment = ("Plan 1 (the 2018 Syncope study): Login, then repeat times: Populate (threads x loops identities), warm-up until steady, "
           "Mixed (six requests per iteration: create, search, read by id, update e-mail, read by userName, delete: measured), "
           "Teardown. Properties: target.*, token or token.url/grant/user/password/clientId/clientSecret, threads, loops or duration, rampup, warmup, warmupMax, searchable.max, "
           "steady.pct, repeat, schedule, hotset, users, populate.loops.")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, udvs, http_defaults(), server_timing(), iteration, login, run))
