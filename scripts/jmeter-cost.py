#!/usr/bin/env python3
"""What each kind of element of a JMeter plan costs the load generator, measured with JMeter alone.

Runs the plan against `idbench scim-stub` (a SCIM endpoint that stores nothing and answers plan 1 so that every check
passes), once as it is and once per variant with one kind of element disabled, in rounds whose order alternates
(A B C … then … C B A), and prints JMeter's CPU time per measured request for each: what that kind of element costs.
JMeter's CPU is read from /proc four times a second and taken over the measured window only (the samples with
phase=measure), so its start, warm-up and JIT are left out.

Needs a build (`./mvnw -B verify -DskipTests` once: target/idbench.jar and the JMeter the build unpacked). Loopback
only; every process it starts is stopped when it ends, also on Ctrl-C. Results in target/jmeter-cost/.
"""
import argparse, csv, glob, os, re, shutil, signal, statistics, subprocess, sys, threading, time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = os.sysconf("SC_CLK_TCK")

# Each variant: what it leaves out, the test classes (or elements named name:<prefix>) it disables, and the JMeter properties
# it sets.
VARIANTS = {
    "full": ("the plan as it runs", [], {}),
    "no-json-assertions": ("without the JSON Path assertions", ["JSONPathAssertion"], {}),
    "no-json-checks": ("without the JSON Path assertions and extractors (the ids they extract given fixed values)",
                       ["JSONPathAssertion", "JSONPostProcessor"], {}),
    "no-response-assertions": ("without the status and variable assertions", ["ResponseAssertion"], {}),
    "no-server-timing": ("without the Boundary Extractors of Server-Timing", ["BoundaryExtractor"], {}),
    "no-result-fields": ("without the results file's extra columns (sample_variables, thread counts)", [],
                         {"sample_variables": "phase", "jmeter.save.saveservice.thread_counts": "false"}),
    "no-clock-checks": ("without the per-iteration If of JMeter's CPU time and the token (JEXL)", ["name:due:"], {}),
    "no-checks": ("without every assertion and extractor", ["JSONPathAssertion", "JSONPostProcessor", "JSR223Assertion", "ResponseAssertion",
                                                     "BoundaryExtractor"], {}),
}
# Variables the extractors set, fixed where they are disabled: the stub answers any id.
EXTRACTED = {"newId": "stub-new", "foundId": "stub-found", "hotId": "stub-hot"}


def fail(message):
    print("jmeter-cost: " + message, file=sys.stderr)
    sys.exit(2)


def jmeter_home():
    homes = sorted(glob.glob(os.path.join(ROOT, "target", "*", "jmeter", "bin", "ApacheJMeter*.jar")), key=os.path.getmtime)
    if not homes:
        fail("no JMeter under target/: run ./mvnw -B verify -DskipTests once (it unpacks JMeter there)")
    return os.path.dirname(os.path.dirname(homes[-1])), homes[-1]


def pom_property(name):
    """A property of pom.xml, so that JMeter here runs as the build starts it."""
    with open(os.path.join(ROOT, "pom.xml")) as f:
        found = re.search(r"<" + re.escape(name) + r">([^<]+)</" + re.escape(name) + ">", f.read())
    if not found:
        fail("pom.xml has no " + name + " property")
    return found.group(1)


def variant_plan(source, disabled, out):
    tree = ET.parse(source)
    prefixes = [d[len("name:"):] for d in disabled if d.startswith("name:")]
    for element in tree.iter():
        if element.get("testclass") in disabled or any((element.get("testname") or "").startswith(p) for p in prefixes):
            element.set("enabled", "false")
    if "JSONPostProcessor" in disabled:
        args = tree.find(".//TestPlan/elementProp[@name='TestPlan.user_defined_variables']/collectionProp")
        for name, value in EXTRACTED.items():
            arg = ET.SubElement(args, "elementProp", name=name, elementType="Argument")
            for key, text in (("Argument.name", name), ("Argument.value", value), ("Argument.metadata", "=")):
                ET.SubElement(arg, "stringProp", name=key).text = text
    tree.write(out, encoding="UTF-8", xml_declaration=True)


def cpu_seconds(pid):
    """utime + stime of a process and its waited-for children, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / TICK
    except (FileNotFoundError, ProcessLookupError):
        return None


class CpuTrace(threading.Thread):
    """(wall ms, CPU s) of some processes, four times a second."""

    def __init__(self, pids):
        super().__init__(daemon=True)
        self.pids, self.points, self.done = pids, {p: [] for p in pids}, threading.Event()

    def run(self):
        while not self.done.is_set():
            now = time.time() * 1000
            for pid in self.pids:
                cpu = cpu_seconds(pid)
                if cpu is not None:
                    self.points[pid].append((now, cpu))
            self.done.wait(0.25)

    def between(self, pid, start, end):
        """CPU seconds spent in [start, end] (ms), interpolated between samples."""
        points = self.points[pid]

        def at(t):
            for (t0, c0), (t1, c1) in zip(points, points[1:]):
                if t0 <= t <= t1:
                    return c0 + (c1 - c0) * (t - t0) / (t1 - t0) if t1 > t0 else c0
            raise ValueError("no CPU sample around the measured window")
        return at(end) - at(start)


def measured(results):
    """The measured window (first start, last end, ms), its sample count and errors."""
    start, end, count, errors = float("inf"), 0, 0, 0
    with open(results, newline="") as f:
        for row in csv.DictReader(f):
            if row.get("phase") != "measure":
                continue
            t = int(row["timeStamp"])
            start, end, count = min(start, t), max(end, t + int(row["elapsed"])), count + 1
            errors += row["success"] != "true"
    if count == 0:
        raise ValueError("no measured samples in " + results)
    return start, end, count, errors


def run_variant(args, name, home, jar, stub_url, stub_pid, workdir):
    _, disabled, props = VARIANTS[name]
    out = os.path.join(workdir, name + "-" + time.strftime("%H%M%S"))
    os.makedirs(out)
    plan = os.path.join(out, args.plan + ".jmx")
    source = args.baseline if name == "baseline" else os.path.join(ROOT, "jmeter", args.plan + ".jmx")
    variant_plan(source, set(disabled), plan)
    host, port, path = re.match(r"http://([^:/]+):(\d+)(/.*)", stub_url).groups()
    run_props = {"target.host": host, "target.port": port, "target.path": path, "target.protocol": "http", "token": "stub",
                 "threads": args.threads, "loops": 30, "byTime": "true", "duration": args.duration, "repeat": args.repeat,
                 "repetitions": args.repeat + 1, "settle": 1, "warmup": 5, "rewarm": 1, "warmupMax": 90, "rampup": 1,
                 "populate.loops": 30, "hotset": "populate", "users.atLeastOne": 1, "steady.pct": 5, "run.tag": name,
                 "max.seconds": 3600, "barrier.timeout": 120000, "schedule": "", "open": "false", "rate": 0,
                 "warmup.report.dir": out}
    with open(os.path.join(out, "run.properties"), "w") as f:
        f.writelines(f"{k}={v}\n" for k, v in {**run_props, **props}.items())
    # As root, JMeter's JIT compilers run before its sampling threads (the build does so during its first warm-up only): against
    # the stub, at thousands of requests a second, they took minutes to catch up otherwise, and a variant measured during
    # compilation measures the compiler.
    jit_first = ["-XX:ThreadPriorityPolicy=1", "-XX:CompilerThreadPriority=-10"] if os.geteuid() == 0 else []
    heap = pom_property("jmeter.heap")
    command = ["java", f"-Xms{heap}M", f"-Xmx{heap}M", pom_property("jmeter.gc"), "-Djava.awt.headless=true", *jit_first, "-jar", jar, "-d", home, "-n",
               "-t", plan, "-l", os.path.join(out, "results.csv"), "-j", os.path.join(out, "jmeter.log"),
               "-q", os.path.join(out, "run.properties"), "-Jjmeterengine.nongui.port=0"]
    with open(os.path.join(out, "stdout.log"), "w") as log:
        jmeter = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        trace = CpuTrace([jmeter.pid, stub_pid])
        trace.start()
        try:
            if jmeter.wait(timeout=args.duration * (args.repeat + 1) + 300) != 0:
                fail(f"JMeter failed for {name}: see {out}/jmeter.log")
        except BaseException:
            os.killpg(jmeter.pid, signal.SIGTERM)
            jmeter.wait()
            raise
        finally:
            trace.done.set()
            trace.join()
    start, end, count, errors = measured(os.path.join(out, "results.csv"))
    return {"jmeter": trace.between(jmeter.pid, start, end) * 1e6 / count, "stub": trace.between(stub_pid, start, end) * 1e6 / count,
            "rate": count * 1000 / (end - start), "errors": errors, "samples": count}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog="Variants: " + "; ".join(
        f"{k}: {v[0]}" for k, v in VARIANTS.items() if k != "full"))
    parser.add_argument("--plan", default="heterogeneous", choices=["heterogeneous"], help="the plan (default: %(default)s)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, in order (default: all)")
    parser.add_argument("--baseline", metavar="JMX", help="another version of the plan (say, git show <rev>:jmeter/heterogeneous.jmx):"
                        " variant `baseline` runs it as it is, to compare with `full`")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of all variants, order alternating (default: %(default)s)")
    parser.add_argument("--duration", type=int, default=20, help="measured seconds per repetition (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=2, help="measured repetitions per run, after one settling (default: %(default)s)")
    parser.add_argument("--threads", type=int, default=10, help="JMeter threads (default: %(default)s)")
    parser.add_argument("--patch-without-body", action="store_true", help="the stub answers a PATCH 204, without the resource")
    args = parser.parse_args()
    names = [v.strip() for v in args.variants.split(",") if v.strip()]
    if args.baseline:
        if not os.path.isfile(args.baseline):
            fail("no such plan: " + args.baseline)
        VARIANTS["baseline"] = ("(the --baseline plan, as it is)", [], {})
        names = names if "baseline" in names else ["baseline"] + names
    unknown = [v for v in names if v not in VARIANTS]
    if unknown or not names:
        fail(f"unknown variant {', '.join(unknown) or '(none)'}: one of {', '.join(VARIANTS)}")
    for key in ("rounds", "duration", "repeat", "threads"):
        if getattr(args, key) < 1:
            fail(f"--{key} must be at least 1, was {getattr(args, key)}")
    stub_jar = os.path.join(ROOT, "target", "idbench.jar")
    if not os.path.isfile(stub_jar):
        fail("no target/idbench.jar: run ./mvnw -B verify -DskipTests once")
    home, jar = jmeter_home()
    workdir = os.path.join(ROOT, "target", "jmeter-cost")
    os.makedirs(workdir, exist_ok=True)
    stub = subprocess.Popen(["java", "-jar", stub_jar, "scim-stub"] + (["--patch-without-body"] if args.patch_without_body else []), stdout=subprocess.PIPE, text=True, start_new_session=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        stub_url = stub.stdout.readline().strip()
        if not stub_url.startswith("http://127.0.0.1:"):
            fail("the stub did not start")
        print(f"stub at {stub_url}; {args.rounds} rounds of {len(names)} variants, {args.repeat} x {args.duration} s measured each",
              flush=True)
        found = {n: [] for n in names}
        for r in range(args.rounds):
            for name in (names if r % 2 == 0 else list(reversed(names))):
                m = run_variant(args, name, home, jar, stub_url, stub.pid, workdir)
                found[name].append(m)
                print(f"round {r + 1} {name:24} JMeter {m['jmeter']:6.1f} µs/request, stub {m['stub']:5.1f}, {m['rate']:7.0f} req/s, "
                      f"{m['errors']} errors in {m['samples']}", flush=True)
        # The stub's CPU per request is the same work in every variant: the machine's speed, which moves between runs minutes
        # apart, moves it with JMeter's. JMeter's per stub's is the steadier comparison.
        full = statistics.mean(m["jmeter"] for m in found["full"]) if "full" in found else None
        full_ratio = statistics.mean(m["jmeter"] / m["stub"] for m in found["full"]) if "full" in found else None
        print("\nvariant                   JMeter µs/request (each round)   mean   vs full   per stub's  vs full  what it runs")
        for name in names:
            values = [m["jmeter"] for m in found[name]]
            mean = statistics.mean(values)
            ratio = statistics.mean(m["jmeter"] / m["stub"] for m in found[name])
            delta = f"{mean - full:+7.1f}" if full is not None and name != "full" else "       "
            delta_ratio = f"{100 * (ratio / full_ratio - 1):+6.0f} %" if full_ratio is not None and name != "full" else "        "
            print(f"{name:24}  {' '.join(f'{v:6.1f}' for v in values):31}  {mean:6.1f}  {delta}   {ratio:6.2f}    {delta_ratio}  "
                  f"{VARIANTS[name][0]}")
    finally:
        os.killpg(stub.pid, signal.SIGTERM)
        stub.wait()


if __name__ == "__main__":
    main()
