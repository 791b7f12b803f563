"""Plan 3 over LDAP (jmeter/ldap-members.jmx, target=openldap): group hr holds every seeded identity (member), each identity
names its groups (memberOf, kept by slapd's memberof overlay). LDAP has no count and no random offset: a page is the first
100 members through the paged-results control (RFC 2696; slapd gives no estimate of the total), and the count is every
member's DN listed, 1,000 to a page, and counted."""
import sys, os; sys.path.insert(0, os.path.dirname(__file__))
from plans import *
from ldap import *
P = "members"
FRAG = "one iteration: four reads"

HR = """String hr = 'cn=hr,ou=groups,' + props.getProperty('ldap.base')
long users = props.get('users') as long
"""

iteration = fragment(FRAG,
    ldap_op("Read group without members", HR + """SearchResultEntry group = c.getEntry(hr, 'cn')
if (group == null || group.getAttributeValue('cn') != 'hr' || group.hasAttribute('member')) {
    failure = 'it is not hr without its members: ' + group
}"""),
    ldap_op("Page of 100 members", HR + """SearchRequest search = new SearchRequest(people, SearchScope.ONE, Filter.createEqualityFilter('memberOf', hr), 'uid')
search.addControl(new SimplePagedResultsControl(100))
SearchResult result = c.search(search)
SimplePagedResultsControl more = SimplePagedResultsControl.get(result)
long expected = Math.min(100L, users)
if (result.getEntryCount() != expected) {
    failure = 'a page of ' + expected + ' members expected, found ' + result.getEntryCount()
} else if (users > 100 && (more == null || !more.moreResultsToReturn())) {
    failure = 'every seeded identity is a member: the page must say there are more'
}"""),
    ldap_op("Count members", HR + count_entries("Filter.createEqualityFilter('memberOf', hr)") + """
if (counted != users) {
    failure = 'every seeded identity is a member: ' + users + ' expected, counted ' + counted
}"""),
    ldap_op("Read user's groups", HR + """String name = 'user.' + (1 + java.util.concurrent.ThreadLocalRandom.current().nextLong(users))
SearchResultEntry entry = c.getEntry('uid=' + name + ',' + people, 'memberOf')
if (entry == null || !(hr in entry.getAttributeValues('memberOf'))) {
    failure = 'the identity is in hr: ' + name + ' has memberOf ' + entry?.getAttributeValues('memberOf')
}"""))

tg = thread_group("Members", "${__P(threads,10)}", "${__P(rampup,10)}", "${__P(max.seconds,3900)}",
    "Every repetition: each thread warms up until steady, meets the others at the barrier, then measures loops iterations (or "
    "duration s).",
    *repetitions(P, FRAG, before=[connect()]))

udvs = []
comment = ("Plan 3 of docs/workload.md over LDAP: group hr has every seeded identity as a member. Reads hr without its members, the "
           "first page of 100 members (paged results), the member count (every member listed: LDAP has no count), and one "
           "identity's groups (memberOf).")
open(sys.argv[1], "w").write(plan(P, comment, udvs, iteration, tg))
