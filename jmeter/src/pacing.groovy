// Plan 5's pacing (a JSR223 Timer on each of a job's requests, not on its bookkeeping samplers): a provisioning job's requests
// arrive at a fixed rate, provisioning.rate per second (0: as fast as the target answers), whatever the latency; a job that
// falls behind sends at once until it is back on its schedule (the record says when a job fell behind: then the run measures
// the harness). The schedule is the thread's (vars), shared by every request's timer; provisioning.groovy restarts it with
// each segment. The script's value is the delay in ms.
double rate = props.getProperty('provisioning.rate', '25') as double
if (rate <= 0) {
    return 0L
}
long now = System.currentTimeMillis()
double next = (vars.getObject('provisioning.next') ?: (double) now) as double
vars.putObject('provisioning.next', next + 1000.0 / rate)
return Math.max(0L, (long) Math.ceil(next - now))
