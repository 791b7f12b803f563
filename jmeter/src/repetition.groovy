// A repetition starts (a JSR223 PreProcessor, once per thread and repetition; embedded by plans.py):
// rep numbers the measured repetitions of this thread from 1; side is the service a repetition
// measures, from the property schedule (A,B,B,A,… when two services are compared interleaved; A
// otherwise); the side's target (versus.target.* for B) and its token become this thread's variables.
// Before them, each side runs `settle` whole settling repetitions (rep -k … 0, measurePhase=settle):
// the first measured phase, teardown and populate after the long first warm-up still make both
// JVMs compile (measured: the first repetition of ten runs came out at 0.70 of their median, the
// second at 0.94 like the rest), so they are run and recorded, but not pooled.
// With `forks` > 1 the repetitions come in forks, each its own settling and rounds, each fork its own JMeter
// run after the run started both services again (repIndex.first: the repetitions of the forks before it):
// the measured ones are numbered on across forks (1 … ), the settling ones down (fork 2's below fork 1's),
// each number once.
int n = ((vars.get('repIndex') ?: props.getProperty('repIndex.first', '0')) as int) + 1
vars.put('repIndex', String.valueOf(n))
String[] schedule = props.getProperty('schedule', '').split(',')
List<String> sides = schedule.collect { it.trim() }.findAll { !it.isEmpty() }.unique()
if (sides.isEmpty()) {
    sides = ['A']
}
// In a duet (versus.mode=duet) every repetition measures both sides at once, half the threads each: one settling
// repetition serves both, and a thread's side alternates from one repetition to the next.
boolean duet = props.getProperty('duet', 'false') == 'true' && sides.size() == 2
int settling = Integer.parseInt(props.getProperty('settle', '0')) * (duet ? 1 : sides.size())
int forks = Integer.parseInt(props.getProperty('forks', '1'))
int measuredPerFork = forks > 1 ? Integer.parseInt(props.getProperty('repeat', '1')).intdiv(forks) : Integer.MAX_VALUE - settling
int fork = (n - 1).intdiv(settling + measuredPerFork) + 1
int inFork = (n - 1) % (settling + measuredPerFork) + 1
int rep = inFork <= settling ? inFork - settling - (fork - 1) * settling : (fork - 1) * measuredPerFork + inFork - settling
String side
int threads = Integer.parseInt(props.getProperty('threads', '1'))
int t = ctx.getThreadNum()
if (duet) {
    side = (t + n) % 2 == 0 ? 'A' : 'B'
} else if (rep < 1) {
    side = sides[(inFork - 1) % sides.size()]
} else {
    side = rep <= schedule.length && !schedule[rep - 1].trim().isEmpty() ? schedule[rep - 1].trim() : 'A'
}
// The threads on this thread's side, and its place among them: a hot set is made and read by the threads of one side.
vars.put('sideThread', String.valueOf(duet ? t.intdiv(2) + 1 : t + 1))
vars.put('sideThreads', String.valueOf(duet ? (threads - t % 2 + 1).intdiv(2) : threads))
vars.put('rep', String.valueOf(rep))
vars.put('fork', String.valueOf(fork))
vars.put('measurePhase', rep < 1 ? 'settle' : 'measure')
String prefix = side == 'A' ? '' : 'versus.'
vars.put('side', side)
vars.put('base', props.getProperty(prefix + 'target.path', ''))
vars.put('targetHost', props.getProperty(prefix + 'target.host', ''))
vars.put('targetPort', props.getProperty(prefix + 'target.port', ''))
// Replicas of the service (target.replicas, host:port each): thread t writes through replica t and reads through replica
// t + 1, round robin, so the load spreads evenly and every read of what a thread wrote crosses replicas.
List<String> replicas = props.getProperty(prefix + 'target.replicas', '').split(',').findAll { !it.isEmpty() }
if (replicas.size() > 1) {
    [['target', t], ['read', t + 1]].each { role, i ->
        String replica = replicas[i % replicas.size()]
        vars.put(role + 'Host', replica.substring(0, replica.lastIndexOf(':')))
        vars.put(role + 'Port', replica.substring(replica.lastIndexOf(':') + 1))
    }
} else {
    vars.put('readHost', vars.get('targetHost'))
    vars.put('readPort', vars.get('targetPort'))
}
vars.put('targetProtocol', props.getProperty(prefix + 'target.protocol', 'http'))
vars.put('token', props.getProperty(prefix + 'token', ''))
// Names are lower-case: a server may fold userName's case (RFC 7643: caseExact false; Keycloak does).
vars.put('sideTag', side.toLowerCase(Locale.ROOT))
// With a token endpoint (token.url), the first iteration fetches the token or takes the one Login got (token.groovy).
vars.put('tokenRefreshAt', props.getProperty(prefix + 'token.url', '').isEmpty() ? String.valueOf(Long.MAX_VALUE)
        : props.getProperty(prefix + 'token.refreshAt', '0'))
// The first iteration reads JMeter's CPU time and takes the token (token.groovy); later ones when either is due.
vars.put('checkAt', '0')
