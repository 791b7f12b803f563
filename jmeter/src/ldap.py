"""The LDAP side of the plans: one operation per JSR223 sampler on the UnboundID LDAP SDK (JMeter's own LDAP sampler has no
paged-results control and answers with an XML rendering of every result, which a check would have to parse again), each on
this thread's connection, bound once. A sampler fails with the LDAP result code and message, or with the check it failed."""
from plans import *

PRELUDE = """import com.unboundid.ldap.sdk.*
import com.unboundid.ldap.sdk.controls.*
LDAPConnection c = vars.getObject('ldap')
String people = vars.get('people')
"""

def ldap_op(name, body, *children):
    """A sampler running body (Groovy) with c (the thread's connection) and people (the DN of ou=people); body sets
    `failure` to a message when a check fails. Response code: the LDAP result code (0 on success)."""
    script = (PRELUDE + "String failure = null\ntry {\n" + "".join("    " + l + "\n" for l in body.strip().split("\n"))
              + "    SampleResult.setResponseCode('0')\n"
              + "} catch (LDAPException e) {\n"
              + "    SampleResult.setResponseCode(String.valueOf(e.getResultCode().intValue()))\n"
              + "    failure = e.getResultCode().getName() + (e.getDiagnosticMessage() ? ': ' + e.getDiagnosticMessage() : '')\n"
              + "}\n"
              + "if (failure != null) {\n    SampleResult.setSuccessful(false)\n    SampleResult.setResponseMessage(failure)\n"
              + "} else {\n    SampleResult.setResponseMessage('success')\n}\n")
    return jsr223_sampler(name, script, *children)

CONNECT = """import com.unboundid.ldap.sdk.*
// One connection per thread, bound as the directory's administrator (as the SCIM plans act as the service's), kept for the
// whole run; synchronous mode: one operation at a time, no reader thread per connection.
LDAPConnection c = vars.getObject('ldap')
if (c == null || !c.isConnected()) {
    LDAPConnectionOptions o = new LDAPConnectionOptions()
    o.setUseSynchronousMode(true)
    o.setConnectTimeoutMillis(10000)
    o.setResponseTimeoutMillis(120000L)
    c = new LDAPConnection(o, vars.get('targetHost'), vars.get('targetPort') as int, props.getProperty('ldap.bindDn'),
            props.getProperty('ldap.password'))
    vars.putObject('ldap', c)
    vars.put('people', 'ou=people,' + props.getProperty('ldap.base'))
}
"""

def connect():
    return no_op("this thread's LDAP connection (not recorded)", jsr223_pre("connect and bind, once per thread", CONNECT))

def identity_entry(name_var):
    """Groovy: `entry`, the workload's identity as an inetOrgPerson with the idbench profile, named by the variable name_var;
    its type, ssn and badge drawn afresh; its ssn negative (seeded identities' are positive, so plan 4's counts over them never
    see these), its password in clear (slapd stores it hashed, as the service does)."""
    return f"""String name = vars.get('{name_var}')
def r = java.util.concurrent.ThreadLocalRandom.current()
Entry entry = new Entry('uid=' + name + ',' + people)
entry.addAttribute('objectClass', 'inetOrgPerson', 'idbenchIdentity')
entry.addAttribute('uid', name)
entry.addAttribute('cn', 'fn_' + name + ' sn_' + name)
entry.addAttribute('sn', 'sn_' + name)
entry.addAttribute('givenName', 'fn_' + name)
entry.addAttribute('userPassword', 'password-1')
entry.addAttribute('employeeType', 'Type ' + (char) ((int) 'A' + r.nextInt(10)))
entry.addAttribute('mail', name + '@example.org')
entry.addAttribute('mobile', '+1 556 ' + name)
entry.addAttribute('homePostalAddress', '4507 Hill Boulevard, Suite 242$Ashland, OH 23434$US')
entry.addAttribute('postalAddress', '8936 Pine Court, Suite 132$Arlington, VA 13905$US')
entry.addAttribute('employeeNumber', 'N-' + name)
entry.addAttribute('idbenchSsn', String.valueOf(-r.nextLong(1000000000000L, 9000000000000L)))
entry.addAttribute('idbenchBadge', String.valueOf(r.nextLong(1000000000000L, 9000000000000L)))
entry.addAttribute('idbenchGender', 'F')
entry.addAttribute('idbenchBirthPlace', 'Rome')
entry.addAttribute('idbenchBirthday', '19800517000000Z')
entry.addAttribute('idbenchContractLevel', 'senior')
entry.addAttribute('idbenchContractStart', '20100301000000Z')
entry.addAttribute('idbenchQualification', 'master')
entry.addAttribute('idbenchInstitution', 'University of Rome')
entry.addAttribute('idbenchOrganization', 'Tirasa')
entry.addAttribute('idbenchRecruitment', '2010')
entry.addAttribute('idbenchActive', 'TRUE')"""

def add_user(name_var):
    """identity_entry added, the entry as stored read back in the same operation (post-read control, RFC 4527), as a SCIM
    create answers with the resource."""
    return identity_entry(name_var) + """
AddRequest add = new AddRequest(entry)
add.addControl(new PostReadRequestControl('*'))
LDAPResult result = c.add(add)"""

def count_entries(filter_expr):
    """Groovy: `counted`, the number of identities matching filter_expr (a Groovy Filter). LDAP has no count, and slapd gives no
    estimate: every match's DN is listed, no attribute, 1,000 to a page (paged results, RFC 2696), and counted."""
    return f"""SimplePagedResultsControl more = null
long counted = 0
while (true) {{
    SearchRequest search = new SearchRequest(people, SearchScope.ONE, {filter_expr}, '1.1')
    search.addControl(new SimplePagedResultsControl(1000, more == null ? null : more.getCookie()))
    SearchResult result = c.search(search)
    counted += result.getEntryCount()
    more = SimplePagedResultsControl.get(result)
    if (more == null || !more.moreResultsToReturn()) {{
        break
    }}
}}"""

def post_read(check_attr, expected_var, what):
    """Groovy: the post-read control's entry (RFC 4527) of `result` must carry check_attr = the variable's value."""
    return f"""PostReadResponseControl read = PostReadResponseControl.get(result)
String wanted = vars.get('{expected_var}')
if (read == null || read.getEntry().getAttributeValue('{check_attr}') != wanted) {{
    failure = '{what}: {check_attr} is ' + read?.getEntry()?.getAttributeValue('{check_attr}') + ', not ' + wanted
}}"""
