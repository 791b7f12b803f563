import os
from xml.sax.saxutils import escape as esc

def e(s): return esc(str(s), {'"': '&quot;'})

def sp(name, value): return f'<stringProp name="{name}">{e(value)}</stringProp>'
def bp(name, value): return f'<boolProp name="{name}">{"true" if value else "false"}</boolProp>'
def ip(name, value): return f'<intProp name="{name}">{value}</intProp>'
def lp(name, value): return f'<longProp name="{name}">{value}</longProp>'

def node(xml, *children):
    """An element and its hashTree of children."""
    return xml + "\n<hashTree>\n" + "\n".join(children) + "\n</hashTree>" if children else xml + "\n<hashTree/>"

def plan(name, comment, udvs, *children):
    args = "".join(f'<elementProp name="{e(k)}" elementType="Argument">{sp("Argument.name", k)}{sp("Argument.value", v)}{sp("Argument.metadata", "=")}</elementProp>' for k, v in udvs)
    tp = (f'<TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="{e(name)}">{sp("TestPlan.comments", comment)}'
          f'{bp("TestPlan.functional_mode", False)}{bp("TestPlan.serialize_threadgroups", True)}{bp("TestPlan.tearDown_on_shutdown", True)}'
          f'<elementProp name="TestPlan.user_defined_variables" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments" testname="User Defined Variables">'
          f'<collectionProp name="Arguments.arguments">{args}</collectionProp></elementProp>{sp("TestPlan.user_define_classpath", "")}</TestPlan>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">\n<hashTree>\n'
            + node(tp, *children) + "\n</hashTree>\n</jmeterTestPlan>\n")

def http_defaults():
    return node('<ConfigTestElement guiclass="HttpDefaultsGui" testclass="ConfigTestElement" testname="HTTP defaults: HttpClient4, keep-alive">'
                '<elementProp name="HTTPsampler.Arguments" elementType="Arguments" guiclass="HTTPArgumentsPanel" testclass="Arguments"><collectionProp name="Arguments.arguments"/></elementProp>'
                + sp("HTTPSampler.domain", "${targetHost}") + sp("HTTPSampler.port", "${targetPort}")
                + sp("HTTPSampler.protocol", "${targetProtocol}")
                + sp("HTTPSampler.implementation", "HttpClient4") + sp("HTTPSampler.connect_timeout", "10000") + sp("HTTPSampler.response_timeout", "120000")
                + '</ConfigTestElement>')

def headers(name, pairs):
    hs = "".join(f'<elementProp name="" elementType="Header">{sp("Header.name", k)}{sp("Header.value", v)}</elementProp>' for k, v in pairs)
    return node(f'<HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="{e(name)}"><collectionProp name="HeaderManager.headers">{hs}</collectionProp></HeaderManager>')

SCIM_HEADERS = [("Content-Type", "application/scim+json"), ("Accept", "application/scim+json"), ("Authorization", "Bearer ${token}")]

def header_value(var, what, left, right):
    """var = the text of the response headers between left and right (JMeter's Boundary Extractor: a plain string search,
    no regular expression to run on every sample)."""
    return node(f'<BoundaryExtractor guiclass="BoundaryExtractorGui" testclass="BoundaryExtractor" testname="{var}: {e(what)}">'
                + sp("BoundaryExtractor.useHeaders", "true") + sp("BoundaryExtractor.refname", var)
                + sp("BoundaryExtractor.lboundary", left) + sp("BoundaryExtractor.rboundary", right)
                + sp("BoundaryExtractor.default", "") + bp("BoundaryExtractor.default_empty_value", True)
                + sp("BoundaryExtractor.match_number", "1") + '</BoundaryExtractor>')

def server_timing():
    """Two JTL columns from the service's Server-Timing header (app;dur=<ms>, cpu;dur=<ms>): its own time and its thread's CPU
    time, in ms (µs resolution); empty where a server sends none."""
    return "\n".join([header_value("serverMs", "the service's own time (Server-Timing app)", "app;dur=", ","),
                      header_value("serverCpuMs", "the service's CPU time for the request (Server-Timing cpu)", "cpu;dur=", "\n")])

def thread_group(name, threads, rampup, seconds, comment, *children, loops="1", kind="ThreadGroup"):
    tg = (f'<{kind} guiclass="{kind}Gui" testclass="{kind}" testname="{e(name)}">' + sp("TestPlan.comments", comment)
          + sp("ThreadGroup.on_sample_error", "continue")
          + f'<elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController">{bp("LoopController.continue_forever", False)}{sp("LoopController.loops", loops)}</elementProp>'
          + sp("ThreadGroup.num_threads", threads) + sp("ThreadGroup.ramp_time", rampup) + bp("ThreadGroup.scheduler", True)
          + sp("ThreadGroup.duration", seconds) + sp("ThreadGroup.delay", "") + bp("ThreadGroup.same_user_on_next_iteration", True)
          + f'</{kind}>')
    return node(tg, *children)

def user_params(name, pairs, per_iteration=False):
    names = "".join(sp(str(i), k) for i, (k, _) in enumerate(pairs))
    values = "".join(sp(str(i), v) for i, (_, v) in enumerate(pairs))
    return node(f'<UserParameters guiclass="UserParametersGui" testclass="UserParameters" testname="{e(name)}">'
                f'<collectionProp name="UserParameters.names">{names}</collectionProp>'
                f'<collectionProp name="UserParameters.thread_values"><collectionProp name="1">{values}</collectionProp></collectionProp>'
                + bp("UserParameters.per_iteration", per_iteration) + '</UserParameters>')

def phase(value):
    return user_params("phase: " + value, [("phase", value)])

def http(name, method, path, *children, body=None, query=(), form=(), read=False):
    """A request to the thread's replica (HTTP defaults); with read=True to the next one: what the thread wrote, read through
    another replica of the service (the same one when there is one)."""
    args = ""
    if body is not None:
        args = f'<elementProp name="" elementType="HTTPArgument">{bp("HTTPArgument.always_encode", False)}{sp("Argument.value", body)}{sp("Argument.metadata", "=")}</elementProp>'
    for k, v in list(query) + list(form):
        args += (f'<elementProp name="{e(k)}" elementType="HTTPArgument">{bp("HTTPArgument.always_encode", True)}{sp("Argument.value", v)}'
                 f'{sp("Argument.metadata", "=")}{bp("HTTPArgument.use_equals", True)}{sp("Argument.name", k)}</elementProp>')
    x = (f'<HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="{e(name)}">'
         + (sp("HTTPSampler.domain", "${readHost}") + sp("HTTPSampler.port", "${readPort}") if read else "")
         + sp("HTTPSampler.path", path) + sp("HTTPSampler.method", method) + bp("HTTPSampler.use_keepalive", True)
         + bp("HTTPSampler.follow_redirects", False) + bp("HTTPSampler.postBodyRaw", body is not None)
         + f'<elementProp name="HTTPsampler.Arguments" elementType="Arguments" guiclass="HTTPArgumentsPanel" testclass="Arguments"><collectionProp name="Arguments.arguments">{args}</collectionProp></elementProp>'
         + '</HTTPSamplerProxy>')
    return node(x, *children)

def status(code):
    return node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="status {code}">'
                f'<collectionProp name="Asserion.test_strings">{sp("0", code)}</collectionProp>{sp("Assertion.custom_message", "")}'
                + sp("Assertion.test_field", "Assertion.response_code") + bp("Assertion.assume_success", False) + ip("Assertion.test_type", 8) + '</ResponseAssertion>')

def status_in(*codes):
    """The status is one of these (RFC 7644 lets a PATCH answer 200 with the resource or 204 without)."""
    return node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="status {" or ".join(codes)}">'
                f'<collectionProp name="Asserion.test_strings">{sp("0", "|".join(codes))}</collectionProp>{sp("Assertion.custom_message", "")}'
                + sp("Assertion.test_field", "Assertion.response_code") + bp("Assertion.assume_success", False) + ip("Assertion.test_type", 1) + '</ResponseAssertion>')

def patched(name, var, path, expected):
    """A PATCH's effect: in a 200's body the value at path (JSON Path) is expected; a 204 has no body (RFC 7644 3.5.2) and
    passes. JMeter's own elements, not a script: the extractor's default, where the body has no such value, says whether
    the answer was a 204 (its JEXL text is the same on every call, so it is parsed once); the assertion accepts expected or
    that. A Groovy assertion cost JMeter about 140 µs of CPU per PATCH (docs/measurement.md), statically compiled or not.
    The plans' names are lower-case, so a server that folds an e-mail's case (RFC 7643: caseExact false) still matches."""
    no_body = "(no body: 204)"
    extract = json_extract(var, path, cached_jexl('sampleResult.responseCode=="204"?"' + no_body + '":"(none)"'))
    check = node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="{e(name)}">'
                 f'<collectionProp name="Asserion.test_strings">{sp("0", expected)}{sp("1", no_body)}</collectionProp>'
                 + sp("Assertion.custom_message", "") + sp("Assertion.scope", "variable") + sp("Scope.variable", var)
                 + sp("Assertion.test_field", "Assertion.response_data") + bp("Assertion.assume_success", False)
                 + ip("Assertion.test_type", 8 | 32) + '</ResponseAssertion>')  # equals (8), either string (or: 32)
    return "\n".join([extract, check])

def var_not(name, var, value):
    return node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="{e(name)}">'
                f'<collectionProp name="Asserion.test_strings">{sp("0", value)}</collectionProp>{sp("Assertion.custom_message", "")}'
                + sp("Assertion.scope", "variable") + sp("Scope.variable", var)
                + sp("Assertion.test_field", "Assertion.response_data") + bp("Assertion.assume_success", False) + ip("Assertion.test_type", 12) + '</ResponseAssertion>')

def json_is(name, path, expected):
    return node(f'<JSONPathAssertion guiclass="JSONPathAssertionGui" testclass="JSONPathAssertion" testname="{e(name)}">'
                + sp("JSON_PATH", path) + sp("EXPECTED_VALUE", expected) + bp("JSONVALIDATION", True) + bp("EXPECT_NULL", False)
                + bp("INVERT", False) + bp("ISREGEX", False) + '</JSONPathAssertion>')

def json_extract(var, path, default="NOT_FOUND"):
    return node(f'<JSONPostProcessor guiclass="JSONPostProcessorGui" testclass="JSONPostProcessor" testname="{e(var)} = {e(path)}">'
                + sp("JSONPostProcessor.referenceNames", var) + sp("JSONPostProcessor.jsonPathExprs", path)
                + sp("JSONPostProcessor.match_numbers", "1") + sp("JSONPostProcessor.defaultValues", default) + '</JSONPostProcessor>')

def runtime(name, seconds, *children):
    return node(f'<RunTime guiclass="RunTimeGui" testclass="RunTime" testname="{e(name)}">'
                + sp("RunTime.seconds", seconds) + "</RunTime>", *children)

def loop(name, loops, *children):
    return node(f'<LoopController guiclass="LoopControlPanel" testclass="LoopController" testname="{e(name)}">'
                + bp("LoopController.continue_forever", True) + sp("LoopController.loops", loops) + '</LoopController>', *children)

def if_(name, condition, *children):
    return node(f'<IfController guiclass="IfControllerPanel" testclass="IfController" testname="{e(name)}">'
                + sp("IfController.condition", condition) + bp("IfController.evaluateAll", False) + bp("IfController.useExpression", True)
                + '</IfController>', *children)

def fragment(name, *children):
    return node(f'<TestFragmentController guiclass="TestFragmentControllerGui" testclass="TestFragmentController" testname="{e(name)}"/>', *children)

def module(plan_name, fragment_name):
    return node(f'<ModuleController guiclass="ModuleControllerGui" testclass="ModuleController" testname="{e(fragment_name)}">'
                f'<collectionProp name="ModuleController.node_path">{sp("764597751", "Test Plan")}{sp("1", plan_name)}{sp("2", fragment_name)}</collectionProp>'
                '</ModuleController>')

def barrier(threads, timeout, name="all threads in: start measuring"):
    """All threads meet here: the measured window starts with every thread active."""
    return no_op(name,
                node('<SyncTimer guiclass="TestBeanGUI" testclass="SyncTimer" testname="barrier: wait for every thread">'
                     + sp("groupSize", threads) + sp("timeoutInMs", timeout) + '</SyncTimer>'))

def jsr223_pre(name, script):
    return node(f'<JSR223PreProcessor guiclass="TestBeanGUI" testclass="JSR223PreProcessor" testname="{e(name)}">'
                + sp("scriptLanguage", "groovy") + sp("parameters", "") + sp("filename", "") + sp("cacheKey", "true") + sp("script", script) + '</JSR223PreProcessor>')

def loaded_once(var, file_prop, what, row):
    """Groovy: `var` = the CSV file named by property file_prop (what: why it is needed), header dropped, each line made `row`
    (a Groovy expression over `it`), read once per JMeter and shared by all threads."""
    return (f'String file = props.getProperty("{file_prop}", "")\n'
            f'if (file.isEmpty()) {{\n'
            f'    throw new IllegalStateException("property {file_prop} is not set: {what}")\n'
            f'}}\n'
            f'def {var} = props.get("{file_prop}.loaded")\n'
            f'if ({var} == null) {{\n'
            f'    synchronized (props) {{\n'
            f'        {var} = props.get("{file_prop}.loaded")\n'
            f'        if ({var} == null) {{\n'
            f'            {var} = new File(file).readLines().drop(1).collect {{ {row} }}.toArray()\n'
            f'            props.put("{file_prop}.loaded", {var})\n'
            f'        }}\n'
            f'    }}\n'
            f'}}\n')

def jsr223_post(name, script):
    return node(f'<JSR223PostProcessor guiclass="TestBeanGUI" testclass="JSR223PostProcessor" testname="{e(name)}">'
                + sp("scriptLanguage", "groovy") + sp("parameters", "") + sp("filename", "") + sp("cacheKey", "true") + sp("script", script) + '</JSR223PostProcessor>')

def while_(name, condition, *children):
    return node(f'<WhileController guiclass="WhileControllerGui" testclass="WhileController" testname="{e(name)}">'
                + sp("WhileController.condition", condition) + '</WhileController>', *children)

# JEXL 3.2 (JMeter 5.6's) keeps a parsed expression only when its text is shorter than 64 characters; a longer one is parsed
# on every call (measured: 15-28 µs for 64 characters, 0.12 µs once cached at 58).
JEXL_CACHED_BELOW = 64

def cached_jexl(expression):
    """${__jexl3(expression)} for an expression evaluated on every sample or iteration: its text must be short enough for
    JEXL's cache (the PATCH check's default had 64 characters and was parsed on every PATCH)."""
    if len(expression) >= JEXL_CACHED_BELOW:
        raise ValueError(f"{len(expression)} characters: JEXL parses it on every call: {expression}")
    return "${__jexl3(" + expression + ")}"

# The clock inside a JEXL expression (not ${__time(,)} before it): JMeter's __jexl3 keeps 512 parsed expressions per thread,
# so an expression whose text is the same on every call is parsed once; one with the time in its text was parsed on every
# iteration (measured: 7 % of JMeter's sampling threads' CPU in plan 1). JEXL compares the time with a variable's text as numbers.
NOW = 'new("java.util.Date").time'

def now_before(var):
    """JEXL: now is before the time (ms) in var."""
    return f'{NOW} < vars.get("{var}")'

def now_not_before(var):
    return f'{NOW} >= vars.get("{var}")'

def mark_time(name, deadlines, also=()):
    """A no-op sampler (not recorded) before which each var = now + its seconds, in ms (and each of also's vars its value)."""
    pairs = list(also) + [(v, "${__jexl3(${__time(,)} + 1000 * " + s + ")}") for v, s in deadlines]
    return no_op(name, user_params(", ".join(v for v, _ in pairs), pairs))

def token_refresh():
    """Before an iteration, when due (token.groovy, not recorded): JMeter's own CPU time read, at most once a second, and the
    target's token refreshed, at most once per token lifetime."""
    return if_("due: read JMeter's CPU time, refresh the token (targets with a token endpoint)", cached_jexl(now_not_before("checkAt")),
               no_op("read the CPU time, refresh the token",
                    jsr223_pre("engineCpuMs: this JMeter's CPU time; a fresh token from token.url, shared by all threads",
                               script("token.groovy"))))

def iteration(plan_name, fragment_name):
    return [token_refresh(), module(plan_name, fragment_name)]

def steady_state():
    """The warm-up's steady-state detector (steady_state.groovy), on every warm-up sample."""
    return jsr223_post("steady state: windows of all threads' throughput until they stop moving", script("steady_state.groovy"))

def script(name):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name)) as f:
        return f.read()

def repetition_start():
    """Where each thread starts a repetition: rep, its side (comparing two services, interleaved) and that side's target."""
    return no_op("a repetition starts: rep, side, target",
                jsr223_pre("rep, side and the side's target for this thread", script("repetition.groovy")))

def measure_by_loops(plan_name, fragment_name):
    """loops iterations, bounded in time too (duration s): past the bound the remaining iterations do nothing."""
    return if_("by loop count", '${__jexl3("${__P(byTime,false)}" == "false")}',
               phase("${measurePhase}"),
               mark_time("measuring starts", [("measureCap", "${__P(duration,3600)}")]),
               loop("measure", "${__P(loops,30)}",
                    if_("within the time bound (${__P(duration)} s)", cached_jexl(now_before("measureCap")),
                        *iteration(plan_name, fragment_name))))

def measure_by_time(plan_name, fragment_name):
    return if_("by duration", '${__jexl3("${__P(byTime,false)}" == "true")}',
               mark_time("measuring starts", [("measureEnd", "${__P(duration,60)}")]),
               while_("whole iterations for ${__P(duration)} s", cached_jexl(now_before("measureEnd")),
                      phase("${measurePhase}"), *iteration(plan_name, fragment_name)))

def repetitions(plan_name, fragment_name, before=(), after=()):
    """All repetitions in one JMeter JVM, so that JMeter's own JIT warms up once. Per repetition, each thread runs `before`
    (Populate…), meets the others, warms up until the service is steady (at least warmup s, or rewarm s once its side was
    steady: the JVMs stay warm between repetitions; at most warmupMax s), meets them,
    measures (loops, or duration s: whole iterations, never cut between a create and its delete), meets them, runs `after`
    (Teardown…). Every sample records rep and side; the record step splits the run by them. The first `settle` repetitions of
    each side (rep < 1) measure with phase=settle: recorded apart, never pooled (repetition.groovy says why)."""
    threads, timeout = "${__P(threads,10)}", "${__P(barrier.timeout,180000)}"
    return [loop("repetitions: ${__P(repeat,1)} measured after ${__P(settle,0)} settling per side", "${__P(repetitions,${__P(repeat,1)})}",
        repetition_start(), token_refresh(), *before,
        barrier(threads, timeout, "all threads ready: warm up"),
        mark_time("warm-up starts", [("warmupEnd", '${__jexl3("${__P(idbench.wasSteady.${side},false)}" == "true" ? ${__P(rewarm,1)} : ${__P(warmup,5)})}'),
                                     ("warmupCap", "${__P(warmupMax,180)}")]),
        while_("warm-up, recorded with phase=warmup: whole iterations for at least ${__P(warmup,5)} s (a later repetition of a side"
               " that was steady: ${__P(rewarm,1)} s), then until the service is steady (at most ${__P(warmupMax,180)} s)",
               '${__jexl3(' + now_before("warmupEnd") + ' || ("${__P(idbench.steady.${rep},false)}" == "false" && ' + now_before("warmupCap") + '))}',
               phase("warmup"), steady_state(), *iteration(plan_name, fragment_name)),
        barrier(threads, timeout, "all threads in: start measuring"),
        measure_by_loops(plan_name, fragment_name),
        measure_by_time(plan_name, fragment_name),
        barrier(threads, timeout, "all threads measured"),
        *after)]

def udv(name, pairs):
    args = "".join(f'<elementProp name="{e(k)}" elementType="Argument">{sp("Argument.name", k)}{sp("Argument.value", v)}{sp("Argument.metadata", "=")}</elementProp>' for k, v in pairs)
    return node(f'<Arguments guiclass="ArgumentsPanel" testclass="Arguments" testname="{e(name)}"><collectionProp name="Arguments.arguments">{args}</collectionProp></Arguments>')

def jsr223_sampler(name, script, *children):
    """A sampler whose work is a Groovy script (compiled once per JMeter, cacheKey), timed around the script."""
    return node(f'<JSR223Sampler guiclass="TestBeanGUI" testclass="JSR223Sampler" testname="{e(name)}">'
                + sp("scriptLanguage", "groovy") + sp("parameters", "") + sp("filename", "") + sp("cacheKey", "true")
                + sp("script", script) + '</JSR223Sampler>', *children)

def no_op(name, *children, pause_ms=0):
    """A sampler that does nothing (or pauses pause_ms) and is not recorded: a place for pre-processors that prepare the next
    requests."""
    return node(f'<TestAction guiclass="TestActionGui" testclass="TestAction" testname="{e(name)}">'
                + ip("ActionProcessor.action", 1) + ip("ActionProcessor.target", 0) + sp("ActionProcessor.duration", str(pause_ms))
                + '</TestAction>', *children)

def fixed_arrivals():
    """The open model's arrivals: rate/s for the repetitions' warm-ups and measured phases (plan 2, both protocols)."""
    return node('<PreciseThroughputTimer guiclass="TestBeanGUI" testclass="PreciseThroughputTimer" testname="fixed arrival rate: ${__P(rate)}/s">'
                + sp("throughput", "${__P(rate,100)}") + ip("throughputPeriod", 1) + sp("duration", "${__jexl3(${__P(repeat,1)} * (${__P(warmup,5)} + ${__P(duration,60)}))}")
                + ip("batchSize", 1) + ip("batchThreadDelay", 0) + lp("randomSeed", 42)
                + '<doubleProp><name>allowedThroughputSurplus</name><value>1.0</value><savedValue>0.0</savedValue></doubleProp>'
                + ip("exactLimit", 10000) + '</PreciseThroughputTimer>')

OPEN_MODEL_COMMENT = ("Active when rate > 0: arrivals at rate/s (Precise Throughput Timer) whatever the latency, so a slow response cannot "
                      "hold back the next request (no coordinated omission) as long as threads >= rate x the slowest response time. "
                      "Every repetition: a warm-up of warmup s (the rate is fixed, so there is no steady state to wait for), then "
                      "duration s.")

def open_model(plan_name, fragment_name, config=(), each=()):
    """Plan 2's open model: config (headers…) and the fixed arrivals, then per repetition its start, each (connect…), the token,
    a timed warm-up and the timed measured phase."""
    return thread_group("Open model: a fixed arrival rate", '${__jexl3("${__P(open,false)}" == "true" ? ${__P(threads,10)} : 0)}', "0",
        "${__jexl3(${__P(repeat,1)} * (${__P(warmup,5)} + ${__P(duration,60)}) + 30)}", OPEN_MODEL_COMMENT,
        *config, fixed_arrivals(),
        loop("repetitions: ${__P(repeat,1)}", "${__P(repeat,1)}", repetition_start(), *each, token_refresh(),
             runtime("warm-up: ${__P(warmup,5)} s", "${__P(warmup,5)}", phase("warmup"), *iteration(plan_name, fragment_name)),
             runtime("measured: ${__P(duration)} s", "${__P(duration,60)}", phase("measure"), *iteration(plan_name, fragment_name))))

def plan1_names():
    """Plan 1's names for this iteration: a target among the hot set (or all seeded identities), a new identity."""
    return user_params("this iteration: a target among the hot set (or all seeded identities), a new identity", [
        ("xn", "${__Random(1,${__P(users.atLeastOne,1)},)}"),
        ("ht", "${__Random(1,${__P(threads,10)},)}"),
        ("hi", "${__Random(1,${__P(populate.loops,30)},)}"),
        # Both names, and the one hotset asks for by name (__V): no expression to parse on every iteration.
        ("target.all", "user.${xn}"), ("target.populate", "hot.${tag}.${sideTag}${rep}.${ht}.${hi}"),
        ("target", "${__V(target.${__P(hotset,populate)})}"),
        ("newName", "n.${tag}.${sideTag}${rep}.${phase}.${__threadNum}.${__counter(TRUE,)}")])

def populate_name():
    return user_params("a hot-set identity: this thread's i-th of this repetition", [
        ("hotName", "hot.${tag}.${sideTag}${rep}.${__threadNum}.${__intSum(${__jm__populate__idx},1)}")])

def teardown_name():
    return user_params("a hot-set identity of this thread", [
        ("hotName", "hot.${tag}.${sideTag}${rep}.${__threadNum}.${__intSum(${__jm__teardown__idx},1)}")])
