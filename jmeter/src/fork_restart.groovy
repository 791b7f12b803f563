// A comparison's next fork (versus.forks; a JSR223 Sampler of thread 1, between two barriers; embedded by plans.py): the
// build's fork keeper stops both services and starts them again, in an order it draws, and answers once both are ready.
// The new JVMs are cold: each side warms up in full again (its wasSteady is forgotten), then settles, then its rounds.
String url = props.getProperty('forks.url', '')
if (url.isEmpty()) {
    throw new IllegalStateException('property forks.url is not set: the start step runs a fork keeper when versus.forks > 1')
}
String fork = vars.get('restartFork')
def request = java.net.http.HttpRequest.newBuilder(URI.create(url + '/restart?fork=' + fork))
        .timeout(java.time.Duration.ofMillis(props.getProperty('forks.timeout', '1200000') as long))
        .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build()
def response = java.net.http.HttpClient.newHttpClient().send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
SampleResult.setResponseCode(String.valueOf(response.statusCode()))
SampleResult.setResponseData(response.body(), 'UTF-8')
if (response.statusCode() != 200) {
    SampleResult.setSuccessful(false)
    SampleResult.setResponseMessage('the services could not be started again for fork ' + fork)
    // Nothing more can be compared: the run ends now and fails (the record step reads this sample's error).
    ctx.getEngine().stopTest(true)
    return
}
['A', 'B'].each { props.remove('idbench.wasSteady.' + it) }
