"""The LDAP side of the plans: each operation a compiled JMeter Java sampler (io.idbench.targets.ldap.jmeter, one class per
operation, built by Maven into target/idbench-jmeter.jar) on the UnboundID LDAP SDK, on this thread's connection, bound once.
JMeter's own LDAP sampler has no paged-results control and answers with an XML rendering of every result, which a check
would have to parse again. A sampler fails with the LDAP result code and message, or with the check it failed; its arguments
are JMeter expressions, substituted per sample."""
from plans import *

SAMPLERS = "io.idbench.targets.ldap.jmeter."

def ldap_op(name, operation, args=(), *children):
    """A Java sampler running the operation (a class of io.idbench.targets.ldap.jmeter) with its arguments (name, value)."""
    items = "".join(f'<elementProp name="{e(k)}" elementType="Argument">{sp("Argument.name", k)}{sp("Argument.value", v)}'
                    f'{sp("Argument.metadata", "=")}</elementProp>' for k, v in args)
    return node(f'<JavaSampler guiclass="JavaTestSamplerGui" testclass="JavaSampler" testname="{e(name)}">'
                '<elementProp name="arguments" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments">'
                f'<collectionProp name="Arguments.arguments">{items}</collectionProp></elementProp>'
                + sp("classname", SAMPLERS + operation) + '</JavaSampler>', *children)

def connect():
    """This thread's connection, bound as the directory's administrator (ThreadConnection), before its first operation."""
    return no_op("this thread's LDAP connection (not recorded)",
                 jsr223_pre("connect and bind, once per thread",
                            SAMPLERS + "ThreadConnection.open(vars, props)"))

def dn(uid):
    """The DN of the identity named uid (a JMeter expression)."""
    return "uid=" + uid + ",${people}"
