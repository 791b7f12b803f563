// Before an iteration, when checkAt is due (a PreProcessor of a no-op sampler, not recorded), three things:
// 0. Once per JMeter: the build that started it (idbench.buildPid, when it is this JMeter's parent, not for a remote engine)
//    is watched. A build killed with SIGKILL runs no shutdown hook to stop JMeter, which would go on loading a service that
//    is gone for the rest of its duration; it ends with the build instead.
if (props.putIfAbsent('idbench.buildWatched', 'true') == null) {
    String build = props.getProperty('idbench.buildPid', '')
    ProcessHandle parent = ProcessHandle.current().parent().orElse(null)
    if (!build.isEmpty() && parent != null && parent.pid() == (build as long)) {
        parent.onExit().thenRun { System.exit(3) }
    }
}
// 1. This JMeter's own CPU time, at most once a second, into engineCpuMs (a JTL column, with engineCores): what the
//    load generator spent, so that a run shows the headroom each engine had (remote engines too, whose processes the
//    build cannot see). Read through JMX: the MXBean's implementation class is not open to Groovy's reflection.
long now = System.currentTimeMillis()
if (now >= ((vars.get('cpuAt') ?: '0') as long)) {
    def os = new javax.management.ObjectName('java.lang:type=OperatingSystem')
    long cpuNanos = java.lang.management.ManagementFactory.getPlatformMBeanServer().getAttribute(os, 'ProcessCpuTime') as long
    vars.put('engineCpuMs', String.valueOf((long) (cpuNanos / 1000000L)))
    vars.put('engineCores', String.valueOf(Runtime.getRuntime().availableProcessors()))
    vars.put('cpuAt', String.valueOf(now + 1000L))
}
// 2. A token from the target's token endpoint (RFC 6749: client_credentials, or password), shared by
// all threads through the properties and fetched again at three quarters of its lifetime, so a long
// run never meets an expired one (Keycloak's last 300 s). One thread fetches; the others take it.
// The side's prefix (versus.) selects its endpoint; without token.url the side has a static token.
String prefix = vars.get('side') == 'B' ? 'versus.' : ''
String url = props.getProperty(prefix + 'token.url', '')
if (url.isEmpty()) {
    vars.put('tokenRefreshAt', String.valueOf(Long.MAX_VALUE))
} else synchronized (props) {
    long due = props.getProperty(prefix + 'token.refreshAt', '0') as long
    if (now >= due) {
        Map<String, String> form = [grant_type: props.getProperty(prefix + 'token.grant', 'client_credentials')]
        ['username': 'token.user', 'password': 'token.password'].each { field, key ->
            String v = props.getProperty(prefix + key, '')
            if (!v.isEmpty()) {
                form[field] = v
            }
        }
        // A confidential client authenticates with HTTP Basic, its id and secret form-encoded (RFC 6749 2.3.1); a public one
        // (no secret) only names itself.
        String clientId = props.getProperty(prefix + 'token.clientId', '')
        String secret = props.getProperty(prefix + 'token.clientSecret', '')
        if (secret.isEmpty() && !clientId.isEmpty()) {
            form['client_id'] = clientId
        }
        String body = form.collect { k, v -> URLEncoder.encode(k, 'UTF-8') + '=' + URLEncoder.encode(v, 'UTF-8') }.join('&')
        def request = java.net.http.HttpRequest.newBuilder(URI.create(url))
                .header('Content-Type', 'application/x-www-form-urlencoded')
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
        if (!secret.isEmpty()) {
            request.header('Authorization', 'Basic ' + (URLEncoder.encode(clientId, 'UTF-8') + ':' + URLEncoder.encode(secret, 'UTF-8'))
                    .getBytes('UTF-8').encodeBase64().toString())
        }
        def response = java.net.http.HttpClient.newHttpClient().send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString())
        if (response.statusCode() != 200) {
            throw new IllegalStateException('token endpoint ' + url + ' answered ' + response.statusCode() + ': ' + response.body())
        }
        def json = new groovy.json.JsonSlurper().parseText(response.body())
        long lifetime = json.expires_in ? (json.expires_in as long) * 1000L : Long.MAX_VALUE
        props.setProperty(prefix + 'token', json.access_token as String)
        props.setProperty(prefix + 'token.refreshAt', String.valueOf(lifetime == Long.MAX_VALUE ? Long.MAX_VALUE : now + lifetime * 3 / 4))
    }
    vars.put('token', props.getProperty(prefix + 'token'))
    vars.put('tokenRefreshAt', props.getProperty(prefix + 'token.refreshAt'))
}
vars.put('checkAt', String.valueOf(Math.min(vars.get('cpuAt') as long, vars.get('tokenRefreshAt') as long)))
