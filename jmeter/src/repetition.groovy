// A repetition starts (a JSR223 PreProcessor, once per thread and repetition; embedded by plans.py):
// rep counts the repetitions of this thread; side is the service this repetition measures,
// from the property schedule (A,B,B,A,… when two services are compared interleaved; A otherwise);
// the side's target (versus.target.* for B) and its token become this thread's variables.
int rep = (vars.get('rep') ?: '0') as int
rep++
vars.put('rep', String.valueOf(rep))
String[] schedule = props.getProperty('schedule', '').split(',')
String side = rep <= schedule.length && !schedule[rep - 1].trim().isEmpty() ? schedule[rep - 1].trim() : 'A'
String prefix = side == 'A' ? '' : 'versus.'
vars.put('side', side)
vars.put('base', props.getProperty(prefix + 'target.path', ''))
vars.put('targetHost', props.getProperty(prefix + 'target.host', ''))
vars.put('targetPort', props.getProperty(prefix + 'target.port', ''))
vars.put('targetProtocol', props.getProperty(prefix + 'target.protocol', 'http'))
vars.put('token', props.getProperty(prefix + 'token', ''))
