"""Plan 5: provisioning cycles as a provisioning client sends them, in its dialect (client=entra, entra-2020 or okta): every
job (a thread) sends its objects' steps (provisioning.groovy) in the client's request sequence, paced at provisioning.rate per
second (JobPacing, compiled); the jobs meet between a cycle's users and its groups, and after each cycle the target's state is
audited (AuditCycle, a compiled sampler)."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from identity import ENTERPRISE
P = "provisioning"
CORE = "urn:ietf:params:scim:schemas:core:2.0:User"
GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group"
PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
AUDIT = "io.idbench.targets.scim.jmeter.AuditCycle"

def job(mode):
    return jsr223_pre("provisioning.groovy: " + mode, script("provisioning.groovy"), parameters=mode)

def honoured(*samplers):
    """The requests, each sent again after a 429 once its Retry-After has passed (seconds or an HTTP date; 1 s when absent),
    at most 5 times, as both clients do; the 429 stays in the record as a failed sample with its code."""
    wrapped = []
    for s in samplers:
        wrapped += [no_op("not throttled yet", user_params("again, tries", [("again", "true"), ("tries", "0")])),
                    while_("until not throttled (429: again after Retry-After, at most 5 times)", "${again}", s)]
    return wrapped

RETRY = jsr223_post("429: wait for Retry-After, send again",
    "boolean throttled = prev.getResponseCode() == '429' && (vars.get('tries') as int) < 5\n"
    "vars.put('again', String.valueOf(throttled))\n"
    "if (throttled) {\n"
    "    vars.put('tries', String.valueOf((vars.get('tries') as int) + 1))\n"
    "    def m = prev.getResponseHeaders() =~ /(?im)^Retry-After:\\s*(.+?)\\s*$/\n"
    "    String after = m.find() ? m.group(1) : '1'\n"
    "    long ms = after.isLong() ? (after as long) * 1000L : java.time.ZonedDateTime.parse(after,\n"
    "            java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli() - System.currentTimeMillis()\n"
    "    Thread.sleep(Math.min(60000L, Math.max(0L, ms)))\n"
    "}")

PACING = "io.idbench.plans.jmeter.JobPacing"
PACE = node(f'<{PACING} guiclass="TestBeanGUI" testclass="{PACING}" testname="pacing: provisioning.rate requests/s per job">'
            + sp("rate", "${__P(provisioning.rate,25)}") + f'</{PACING}>')

def request(name, method, path, *children, **kw):
    """A request of the job: paced, and sent again after a 429 (within honoured())."""
    return http(name, method, path, PACE, RETRY, *children, **kw)

def remember(kind, var, key="user", after=True):
    """The target's id of the object just created (after its request) or found (before a no-op sampler: JMeter runs no
    post-processor after one), for every job's later requests (a client caches it)."""
    script = f"props.get('provisioning.ids').put('{kind[0]}:' + vars.get('{key}'), vars.get('{var}'))"
    return jsr223_post(f"remember the {kind}'s id", script) if after else jsr223_pre(f"remember the found {kind}'s id", script)

def entra_user(name):
    """What Entra ID POSTs (its documented request): core and enterprise schemas, externalId, userName, active, a primary work
    e-mail, name and no roles."""
    return ('{"schemas":["' + CORE + '","' + ENTERPRISE + '"],"externalId":"ext-' + name + '","userName":"' + name + '",'
            '"active":true,"displayName":"fn_' + name + ' sn_' + name + '",'
            '"emails":[{"primary":true,"type":"work","value":"' + name + '@example.org"}],'
            '"name":{"givenName":"fn_' + name + '","familyName":"sn_' + name + '","formatted":"fn_' + name + ' sn_' + name + '"},'
            '"roles":[],"' + ENTERPRISE + '":{"employeeNumber":"N-' + name + '","department":"provisioned"}}')

def okta_user(name, title=None, id=None):
    """What Okta POSTs (its documented request: externalId, locale, groups, password, active), and PUTs whole to update."""
    return ('{"schemas":["' + CORE + '"],' + ('"id":"' + id + '",' if id else '') + '"userName":"' + name + '",'
            '"externalId":"ext-' + name + '","name":{"givenName":"fn_' + name + '","familyName":"sn_' + name + '"},'
            '"emails":[{"primary":true,"value":"' + name + '@example.org","type":"work"}],"displayName":"fn_' + name + ' sn_' + name + '",'
            '"locale":"en-US",' + ('"title":"' + title + '",' if title else '') + '"active":true'
            + ('' if id else ',"groups":[],"password":"Pw-${__RandomString(12,abcdefghijkmnpqrstuvwxyz23456789,)}"') + '}')

def patch(*ops):
    return '{"schemas":["' + PATCH_OP + '"],"Operations":[' + ",".join(ops) + ']}'

LOOKUP_CHECKS = [status("200"), json_is("the lookup finds what exists (none: an empty 200, not an error)", "$.totalResults", "${expectTotal}"),
                 json_extract("foundId", "$.Resources[0].id")]

def user_lookup(paged):
    """The lookup by userName before a create: Entra ID without paging, Okta with startIndex=1&count=100."""
    q = [("filter", 'userName eq "${user}"')] + ([("startIndex", "1"), ("count", "100")] if paged else [])
    return request("Lookup user", "GET", "${base}/Users", *LOOKUP_CHECKS, query=q)

def create_or_match(label_create, body):
    """The client's create: after the lookup, a POST when nothing was found, else the found id is kept (a match)."""
    return [if_("nothing found: create", '${__jexl3("${foundId}" == "NOT_FOUND")}',
                *honoured(request(label_create, "POST", "${base}/Users", status("201"), json_extract("newId", "$.id"),
                                  remember("user", "newId"), body=body))),
            if_("found: a match", '${__jexl3("${foundId}" != "NOT_FOUND")}', no_op("match", remember("user", "foundId", after=False)))]

def group_create(paged):
    q = [("excludedAttributes", "members"), ("filter", 'displayName eq "${group}"')] + ([("startIndex", "1"), ("count", "100")] if paged else [])
    return [*honoured(request("Lookup group", "GET", "${base}/Groups", *LOOKUP_CHECKS, query=q)),
            if_("nothing found: create", '${__jexl3("${foundId}" == "NOT_FOUND")}',
                *honoured(request("Create group", "POST", "${base}/Groups", status("201"), json_extract("newGroupId", "$.id"),
                                  remember("group", "newGroupId", "group"),
                                  body='{"schemas":["' + GROUP + '"],"displayName":"${group}","externalId":"ext-${group}","members":[]}')))]

def route(name, *children):
    return node(f'<GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="{e(name)}"/>', *children)

def switch(value, *routes):
    return node('<SwitchController guiclass="SwitchControllerGui" testclass="SwitchController" testname="the step\'s route: ' + e(value) + '">'
                + sp("SwitchController.value", value) + '</SwitchController>', *routes)

NO_CONTENT_OR_OK = status_in("200", "204")
members = lambda: request("${membersLabel}", "PATCH", "${base}/Groups/${groupId}", NO_CONTENT_OR_OK, body="${membersBody}")
delete = lambda: request("Delete user", "DELETE", "${base}/Users/${userId}", status("204"))
entra_2020_deactivate = patch('{"op":"replace","value":{"active":false}}')

routes = [
    # Before the initial cycle, provisioning.present % of the users already exist (created plainly, not measured).
    route("present:create_user", *honoured(request("Present: create user", "POST", "${base}/Users", status("201"), body=entra_user("${user}")))),
    # Entra ID's default job: capitalised ops, one Replace per path, "False" as text, members removed with a value array.
    route("entra:create_user", *honoured(user_lookup(False)), *create_or_match("Create user", entra_user("${user}"))),
    route("entra:update_user", *honoured(request("Update user", "PATCH", "${base}/Users/${userId}", NO_CONTENT_OR_OK,
                                                 body=patch('{"op":"Replace","path":"title","value":"${value}"}')))),
    route("entra:deactivate_user", *honoured(request("Deactivate user", "PATCH", "${base}/Users/${userId}", NO_CONTENT_OR_OK,
                                                     body=patch('{"op":"Replace","path":"active","value":"False"}')))),
    route("entra:delete_user", *honoured(delete())),
    route("entra:create_group", *group_create(False)),
    route("entra:members", *honoured(members())),
    # Entra ID with aadOptscim062020: lowercase ops, a path-less replace with dotted keys, real booleans, filter removals.
    route("entra-2020:create_user", *honoured(user_lookup(False)), *create_or_match("Create user", entra_user("${user}"))),
    route("entra-2020:update_user", *honoured(request("Update user", "PATCH", "${base}/Users/${userId}", NO_CONTENT_OR_OK,
        body=patch('{"op":"replace","value":{"title":"${value}","name.givenName":"fn_${user}"}}')))),
    route("entra-2020:deactivate_user", *honoured(request("Deactivate user", "PATCH", "${base}/Users/${userId}", NO_CONTENT_OR_OK,
                                                          body=entra_2020_deactivate))),
    route("entra-2020:delete_user", *honoured(delete())),
    route("entra-2020:create_group", *group_create(False)),
    route("entra-2020:members", *honoured(members())),
    # Okta: paged lookups, a POST with a password, updates as a read and a whole PUT, deactivation by a path-less replace,
    # group push with a rename PATCH after every membership PATCH; never a DELETE.
    route("okta:create_user", *honoured(user_lookup(True)), *create_or_match("Create user", okta_user("${user}"))),
    route("okta:update_user", *honoured(request("Read user", "GET", "${base}/Users/${userId}", status("200"))),
          *honoured(request("Replace user", "PUT", "${base}/Users/${userId}", status("200"),
                            body=okta_user("${user}", title="${value}", id="${userId}")))),
    route("okta:deactivate_user", *honoured(request("Deactivate user", "PATCH", "${base}/Users/${userId}", NO_CONTENT_OR_OK,
                                                    body=entra_2020_deactivate))),
    route("okta:create_group", *group_create(True)),
    route("okta:members", *honoured(members(),
          request("Rename group", "PATCH", "${base}/Groups/${groupId}", NO_CONTENT_OR_OK,
                  body=patch('{"op":"replace","value":{"id":"${groupId}","displayName":"${group}"}}')))),
]

def import_pages(resource, label):
    """Okta's import: every page of count=100 in turn, until past totalResults."""
    return [no_op("import starts", user_params("start", [("importAt", "1"), ("importTotal", "1")])),
            while_(f"pages of /{resource} until past totalResults", '${__jexl3(${importAt} <= ${importTotal})}',
                   token_refresh(),  # a slow target's import outlasts a token (Keycloak's: 300 s)
                   *honoured(request(label, "GET", f"${{base}}/{resource}", status("200"), json_extract("importTotal", "$.totalResults", "0"),
                                     query=[("startIndex", "${importAt}"), ("count", "100")])),
                   no_op("next page", user_params("next page", [("importAt", "${__intSum(${importAt},100)}")])))]

audit = node(f'<JavaSampler guiclass="JavaTestSamplerGui" testclass="JavaSampler" testname="Audit after cycle ${{cycle}}">'
             '<elementProp name="arguments" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments">'
             '<collectionProp name="Arguments.arguments">'
             + "".join(f'<elementProp name="{k}" elementType="Argument">{sp("Argument.name", k)}{sp("Argument.value", v)}'
                       f'{sp("Argument.metadata", "=")}</elementProp>'
                       for k, v in [("cycle", "${cycle}"), ("url", "${targetProtocol}://${targetHost}:${targetPort}${base}"),
                                    ("token", "${token}")])
             + '</collectionProp></elementProp>' + sp("classname", AUDIT) + '</JavaSampler>')

threads, timeout = "${__P(threads,10)}", "${__P(barrier.timeout,3600000)}"
FIRST_JOB = '${__jexl3(${__threadNum} == 1 && "${stepPhase}" == "groups")}'
tg = thread_group("Provisioning jobs", threads, "0", "${__P(max.seconds,3900)}",
    "One thread per provisioning job. For each segment (a cycle's users, then its groups): the jobs meet, each sends its "
    "objects' steps in its client's dialect at provisioning.rate requests/s, and they meet again; after a cycle's groups the "
    "first job imports (Okta) and audits the target's state.",
    headers("SCIM headers", SCIM_HEADERS),
    repetition_start(),
    loop("segments: ${__P(provisioning.segments.count,2)}", "${__P(provisioning.segments.count,2)}",
         no_op("a segment starts", job("segment")),
         barrier(threads, timeout, "every job ready: the segment starts"),
         while_("this job's steps of the segment", "${more}",
                token_refresh(), switch("${route}", *routes), no_op("the next step", job("next"))),
         barrier(threads, timeout, "every job done with the segment"),
         if_("after a cycle's groups, Okta imports (the first job)", FIRST_JOB[:-2] + ' && "${__P(client)}" == "okta")}',
             *import_pages("Users", "Import: page of users"), *import_pages("Groups", "Import: page of groups")),
         if_("after a cycle's groups, the first job audits the target", FIRST_JOB,
             phase("audit"), token_refresh(), audit)))

comment = ("Plan 5 of docs/workload.md: provisioning as a client sends it (client=entra, entra-2020, okta): an initial cycle "
           "creating users and groups with their members, then provisioning.cycles incremental cycles, each job paced at "
           "provisioning.rate requests/s, each cycle audited. Properties: target.*, token or token.url…, threads (jobs), client, "
           "provisioning.schedule.dir, provisioning.segments, provisioning.segments.count, provisioning.rate, provisioning.batch, "
           "provisioning.audit.dir, max.seconds, barrier.timeout.")
if __name__ == "__main__":
    open(sys.argv[1], "w").write(plan(P, comment, [], http_defaults(), server_timing(), tg))
