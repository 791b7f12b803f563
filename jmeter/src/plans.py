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
                + sp("HTTPSampler.domain", "${__P(target.host)}") + sp("HTTPSampler.port", "${__P(target.port)}")
                + sp("HTTPSampler.protocol", "${__P(target.protocol)}")
                + sp("HTTPSampler.implementation", "HttpClient4") + sp("HTTPSampler.connect_timeout", "10000") + sp("HTTPSampler.response_timeout", "120000")
                + '</ConfigTestElement>')

def headers(name, pairs):
    hs = "".join(f'<elementProp name="" elementType="Header">{sp("Header.name", k)}{sp("Header.value", v)}</elementProp>' for k, v in pairs)
    return node(f'<HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="{e(name)}"><collectionProp name="HeaderManager.headers">{hs}</collectionProp></HeaderManager>')

SCIM_HEADERS = [("Content-Type", "application/scim+json"), ("Accept", "application/scim+json"), ("Authorization", "Bearer ${__P(token)}")]

def server_timing():
    return node('<RegexExtractor guiclass="RegexExtractorGui" testclass="RegexExtractor" testname="serverMs: the service&apos;s own time (Server-Timing)">'
                + sp("RegexExtractor.useHeaders", "true") + sp("RegexExtractor.refname", "serverMs")
                + sp("RegexExtractor.regex", r"(?i)Server-Timing: app;dur=([0-9.]+)") + sp("RegexExtractor.template", "$1$")
                + sp("RegexExtractor.default", "") + bp("RegexExtractor.default_empty_value", True) + sp("RegexExtractor.match_number", "1") + '</RegexExtractor>')

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

def http(name, method, path, *children, body=None, query=(), form=()):
    args = ""
    if body is not None:
        args = f'<elementProp name="" elementType="HTTPArgument">{bp("HTTPArgument.always_encode", False)}{sp("Argument.value", body)}{sp("Argument.metadata", "=")}</elementProp>'
    for k, v in list(query) + list(form):
        args += (f'<elementProp name="{e(k)}" elementType="HTTPArgument">{bp("HTTPArgument.always_encode", True)}{sp("Argument.value", v)}'
                 f'{sp("Argument.metadata", "=")}{bp("HTTPArgument.use_equals", True)}{sp("Argument.name", k)}</elementProp>')
    x = (f'<HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="{e(name)}">'
         + sp("HTTPSampler.path", path) + sp("HTTPSampler.method", method) + bp("HTTPSampler.use_keepalive", True)
         + bp("HTTPSampler.follow_redirects", False) + bp("HTTPSampler.postBodyRaw", body is not None)
         + f'<elementProp name="HTTPsampler.Arguments" elementType="Arguments" guiclass="HTTPArgumentsPanel" testclass="Arguments"><collectionProp name="Arguments.arguments">{args}</collectionProp></elementProp>'
         + '</HTTPSamplerProxy>')
    return node(x, *children)

def status(code):
    return node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="status {code}">'
                f'<collectionProp name="Asserion.test_strings">{sp("0", code)}</collectionProp>{sp("Assertion.custom_message", "")}'
                + sp("Assertion.test_field", "Assertion.response_code") + bp("Assertion.assume_success", False) + ip("Assertion.test_type", 8) + '</ResponseAssertion>')

def body_contains(name, text):
    return node(f'<ResponseAssertion guiclass="AssertionGui" testclass="ResponseAssertion" testname="{e(name)}">'
                f'<collectionProp name="Asserion.test_strings">{sp("0", text)}</collectionProp>{sp("Assertion.custom_message", "")}'
                + sp("Assertion.test_field", "Assertion.response_data") + bp("Assertion.assume_success", False) + ip("Assertion.test_type", 16) + '</ResponseAssertion>')

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

def barrier(threads, timeout):
    """All threads meet here before measuring: the measured window starts with every thread active."""
    return node('<TestAction guiclass="TestActionGui" testclass="TestAction" testname="all threads in: start measuring">'
                + ip("ActionProcessor.action", 1) + ip("ActionProcessor.target", 0) + sp("ActionProcessor.duration", "0") + '</TestAction>',
                node('<SyncTimer guiclass="TestBeanGUI" testclass="SyncTimer" testname="barrier: wait for every thread">'
                     + sp("groupSize", threads) + sp("timeoutInMs", timeout) + '</SyncTimer>'))

def jsr223_pre(name, script):
    return node(f'<JSR223PreProcessor guiclass="TestBeanGUI" testclass="JSR223PreProcessor" testname="{e(name)}">'
                + sp("scriptLanguage", "groovy") + sp("parameters", "") + sp("filename", "") + sp("cacheKey", "true") + sp("script", script) + '</JSR223PreProcessor>')

def jsr223_post(name, script):
    return node(f'<JSR223PostProcessor guiclass="TestBeanGUI" testclass="JSR223PostProcessor" testname="{e(name)}">'
                + sp("scriptLanguage", "groovy") + sp("parameters", "") + sp("filename", "") + sp("cacheKey", "true") + sp("script", script) + '</JSR223PostProcessor>')

def while_(name, condition, *children):
    return node(f'<WhileController guiclass="WhileControllerGui" testclass="WhileController" testname="{e(name)}">'
                + sp("WhileController.condition", condition) + '</WhileController>', *children)

def mark_time(name, var, seconds):
    """A no-op sampler (not recorded) before which var = now + seconds, in ms."""
    return node(f'<TestAction guiclass="TestActionGui" testclass="TestAction" testname="{e(name)}">'
                + ip("ActionProcessor.action", 1) + ip("ActionProcessor.target", 0) + sp("ActionProcessor.duration", "0") + '</TestAction>',
                user_params(var, [(var, "${__jexl3(${__time(,)} + 1000 * " + seconds + ")}")]))

def measured(plan_name, fragment_name):
    """Warm-up, barrier, then the measured phase: loops per thread, or duration seconds. Timed phases run whole
    iterations (a While on the clock, not a Runtime Controller that would cut one between its create and its delete)."""
    return [
        mark_time("warm-up starts", "warmupEnd", "${__P(warmup,5)}"),
        while_("warm-up: whole iterations for ${__P(warmup,5)} s, recorded with phase=warmup", "${__jexl3(${__time(,)} < ${warmupEnd})}",
               phase("warmup"), module(plan_name, fragment_name)),
        barrier("${__P(threads,10)}", "${__P(barrier.timeout,180000)}"),
        if_("by loop count", '${__jexl3("${__P(byTime,false)}" == "false")}',
            phase("measure"),
            runtime("bounded in time too: ${__P(duration)} s", "${__P(duration,3600)}",
                    node(f'<LoopController guiclass="LoopControlPanel" testclass="LoopController" testname="${{__P(loops,30)}} loops">'
                         + bp("LoopController.continue_forever", True) + sp("LoopController.loops", "${__P(loops,30)}") + '</LoopController>',
                         module(plan_name, fragment_name)),
                    node('<TestAction guiclass="TestActionGui" testclass="TestAction" testname="loops done: stop this thread">'
                         + ip("ActionProcessor.action", 0) + ip("ActionProcessor.target", 0) + sp("ActionProcessor.duration", "0") + '</TestAction>'))),
        if_("by duration", '${__jexl3("${__P(byTime,false)}" == "true")}',
            mark_time("measuring starts", "measureEnd", "${__P(duration,60)}"),
            while_("whole iterations for ${__P(duration)} s", "${__jexl3(${__time(,)} < ${measureEnd})}",
                   phase("measure"), module(plan_name, fragment_name))),
    ]

def udv(name, pairs):
    args = "".join(f'<elementProp name="{e(k)}" elementType="Argument">{sp("Argument.name", k)}{sp("Argument.value", v)}{sp("Argument.metadata", "=")}</elementProp>' for k, v in pairs)
    return node(f'<Arguments guiclass="ArgumentsPanel" testclass="Arguments" testname="{e(name)}"><collectionProp name="Arguments.arguments">{args}</collectionProp></Arguments>')
