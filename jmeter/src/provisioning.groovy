// Plan 5's provisioning job (a JSR223 PreProcessor of a no-op sampler, not recorded; one JMeter thread is one job). Called
// with Parameters "segment" when a segment (a cycle's users or groups) starts, "next" before each of its steps. The prepare
// step wrote each job's steps, in order, to provisioning.schedule.dir/job-<n>.csv (Step.csv(): cycle,phase,job,kind,user,
// group,value) and the segments in provisioning.segments (cycle:phase,…). Sets, per step:
//   more   "true" while this job has a step of the segment left
//   route  "<client>:<kind>" (the Switch Controller's child), or present:create_user for a user made before the initial cycle
//   user, group, value, userId, groupId, expectTotal (what the client's lookup must find: 0, or 1 for a present user)
//   membersBody, membersLabel  a membership PATCH as the client words it (Okta: up to 100 changes of one group in one PATCH)
// and, per segment, cycle, stepPhase, rep (the record's repetition: the cycle, 0 the initial one) and phase (populate before
// the initial cycle, settle in it: recorded apart, measure after).
import groovy.json.JsonOutput
import java.util.concurrent.ConcurrentHashMap

String client = props.getProperty('client', 'entra')
Map<String, String> ids = props.get('provisioning.ids')
if (ids == null) {
    props.putIfAbsent('provisioning.ids', new ConcurrentHashMap<String, String>())
    ids = props.get('provisioning.ids')
}
List<String[]> steps = vars.getObject('provisioning.steps')
if (steps == null) {
    String dir = props.getProperty('provisioning.schedule.dir', '')
    if (dir.isEmpty()) {
        throw new IllegalStateException('property provisioning.schedule.dir is not set: the prepare step writes each job\'s steps there')
    }
    File file = new File(dir, 'job-' + ctx.getThreadNum() + '.csv')
    steps = file.exists() ? file.readLines().collect { it.split(',', -1) } : []
    vars.putObject('provisioning.steps', steps)
    vars.putObject('provisioning.at', 0)
}

if ((args ? args[0] : Parameters) == 'segment') {
    String[] segments = props.getProperty('provisioning.segments', '0:users').split(',')
    int index = (vars.get('segmentIndex') ?: '-1') as int
    index++
    vars.put('segmentIndex', String.valueOf(index))
    String[] segment = segments[index].split(':')
    int cycle = segment[0] as int
    vars.put('cycle', segment[0])
    vars.put('stepPhase', segment[1])
    vars.put('rep', String.valueOf(Math.max(cycle, 0)))
    vars.put('phase', cycle < 0 ? 'populate' : cycle == 0 ? 'settle' : 'measure')
    // Every segment starts its arrivals afresh (a job that waited for the others at the barrier does not catch up in a burst),
    // each job's offset by its share of one interval: independent jobs do not send in step.
    double rate = props.getProperty('provisioning.rate', '25') as double
    int jobs = props.getProperty('threads', '1') as int
    double offset = rate > 0 ? ctx.getThreadNum() * 1000.0 / rate / jobs : 0
    vars.putObject('provisioning.next', System.currentTimeMillis() + offset)
}

int at = vars.getObject('provisioning.at')
String cycle = vars.get('cycle')
String phase = vars.get('stepPhase')
// A step of an earlier segment still unsent would be lost: the schedule and its segments disagree.
if (at < steps.size() && ((steps[at][0] as int) < (cycle as int) || steps[at][0] == cycle && steps[at][1] == 'users' && phase == 'groups')) {
    throw new IllegalStateException('job ' + ctx.getThreadNum() + ' still has step ' + steps[at].join(',') + ' when segment ' + cycle
            + ':' + phase + ' starts: provisioning.segments does not list every segment of the schedule')
}
boolean inSegment = at < steps.size() && steps[at][0] == cycle && steps[at][1] == phase
vars.put('more', String.valueOf(inSegment))
if (!inSegment) {
    return
}
String[] s = steps[at]
at++
String kind = s[3]
vars.put('user', s[4])
vars.put('group', s[5])
vars.put('value', s[6])
vars.put('userId', ids.get('u:' + s[4]) ?: 'unknown')
vars.put('groupId', ids.get('g:' + s[5]) ?: 'unknown')
// A present user was created before the initial cycle: the client's lookup finds it, and creates nothing.
boolean present = (cycle as int) == 0 && kind == 'create_user' && ids.containsKey('present:' + s[4])
vars.put('expectTotal', present ? '1' : '0')
if ((cycle as int) < 0) {
    ids.put('present:' + s[4], 'true')
    vars.put('route', 'present:' + kind)
} else if (kind == 'add_member' || kind == 'remove_member') {
    // Entra ID sends one membership change per PATCH; Okta's group push up to a batch of one group's changes (its removals
    // by filter, its additions in one add with display names).
    int batch = client == 'okta' ? (props.getProperty('provisioning.batch', '100') as int) : 1
    List<String> adds = []
    List<String> removes = []
    (kind == 'add_member' ? adds : removes) << s[4]
    while (adds.size() + removes.size() < batch && at < steps.size() && steps[at][0] == cycle && steps[at][1] == phase
            && steps[at][5] == s[5] && steps[at][3] in ['add_member', 'remove_member']) {
        (steps[at][3] == 'add_member' ? adds : removes) << steps[at][4]
        at++
    }
    String patchOp = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
    def id = { String user -> ids.get('u:' + user) ?: 'unknown' }
    List<Map> ops
    switch (client) {
        case 'entra':
            ops = adds ? [[op: 'Add', path: 'members', value: adds.collect { [('$ref'): null, value: id(it)] }]]
                    : [[op: 'Remove', path: 'members', value: removes.collect { [value: id(it)] }]]
            break
        case 'entra-2020':
            ops = adds ? [[op: 'add', path: 'members', value: adds.collect { [value: id(it)] }]]
                    : removes.collect { [op: 'remove', path: 'members[value eq "' + id(it) + '"]'] }
            break
        default:
            ops = removes.collect { [op: 'remove', path: 'members[value eq "' + id(it) + '"]'] }
            if (adds) {
                ops << [op: 'add', path: 'members', value: adds.collect { [value: id(it), display: it] }]
            }
    }
    vars.put('membersBody', JsonOutput.toJson([schemas: [patchOp], Operations: ops]))
    vars.put('membersLabel', client == 'okta' ? 'Push members' : adds ? 'Add member' : 'Remove member')
    vars.put('route', client + ':members')
} else {
    vars.put('route', client + ':' + kind)
}
vars.putObject('provisioning.at', at)
