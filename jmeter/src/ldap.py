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

def add_user(name_var):
    """The workload's identity as an inetOrgPerson with the idbench profile, named by the variable name_var; its ssn is
    negative (seeded identities' are positive, so plan 4's counts over them never see these), its password sent in clear
    (slapd stores it hashed, as the service does), the entry as stored read back in the same operation (post-read control,
    RFC 4527), as a SCIM create answers with the resource."""
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
entry.addAttribute('idbenchActive', 'TRUE')
AddRequest add = new AddRequest(entry)
add.addControl(new PostReadRequestControl('*'))
LDAPResult result = c.add(add)"""
