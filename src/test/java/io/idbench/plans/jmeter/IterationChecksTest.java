package io.idbench.plans.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.idbench.support.JmeterRuntime;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Before an iteration when due: JMeter's own CPU time read, and a token from the target's token endpoint (here an
 * endpoint in the test's own JVM on loopback), fetched by one thread, shared through the properties, refreshed at three
 * quarters of its lifetime.
 */
class IterationChecksTest {
    private final Properties props = new Properties();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private HttpServer endpoint;
    private int status = 200;

    @BeforeEach
    void startEndpoint() throws Exception {
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/token", exchange -> {
            requests.add(exchange.getRequestHeaders().getFirst("Authorization") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = (status == 200 ? "{\"access_token\":\"t" + requests.size() + "\",\"expires_in\":300}"
                    : "{\"error\":\"invalid_client\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        endpoint.start();
    }

    @AfterEach
    void stopEndpoint() {
        endpoint.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/token";
    }

    private JMeterVariables thread(String side) {
        JMeterVariables vars = JmeterRuntime.variables();
        vars.put("side", side);
        return vars;
    }

    @Test
    void withoutATokenEndpointItReadsTheCpuTimeAndIsDueAgainInASecond() throws Exception {
        JMeterVariables vars = thread("A");
        long before = System.currentTimeMillis();
        IterationChecks.check(vars, props, System.currentTimeMillis());
        assertThat(Long.parseLong(vars.get("engineCpuMs"))).isPositive();
        assertThat(vars.get("engineCores")).isEqualTo(String.valueOf(Runtime.getRuntime().availableProcessors()));
        assertThat(vars.get("tokenRefreshAt")).isEqualTo(String.valueOf(Long.MAX_VALUE));
        assertThat(Long.parseLong(vars.get("checkAt"))).isBetween(before + 1000, System.currentTimeMillis() + 1000);
        assertThat(requests).isEmpty();
    }

    @Test
    void oneThreadFetchesTheTokenAndTheOthersTakeIt() throws Exception {
        props.setProperty("token.url", url());
        props.setProperty("token.clientId", "idbench");
        props.setProperty("token.clientSecret", "s3cret");
        JMeterVariables first = thread("A");
        JMeterVariables second = thread("A");
        long before = System.currentTimeMillis();
        IterationChecks.check(first, props, System.currentTimeMillis());
        IterationChecks.check(second, props, System.currentTimeMillis());
        assertThat(requests).as("a confidential client: HTTP Basic, no client_id in the form")
                .containsExactly("Basic aWRiZW5jaDpzM2NyZXQ= grant_type=client_credentials");
        assertThat(first.get("token")).isEqualTo("t1");
        assertThat(second.get("token")).isEqualTo("t1");
        assertThat(Long.parseLong(props.getProperty("token.refreshAt"))).as("at three quarters of 300 s")
                .isBetween(before + 225_000, System.currentTimeMillis() + 225_000);
        assertThat(second.get("checkAt")).isEqualTo(second.get("cpuAt")).as("the CPU time is due before the token");
    }

    @Test
    void aPublicClientWithAPasswordGrantNamesItselfInTheForm() throws Exception {
        props.setProperty("versus.token.url", url());
        props.setProperty("versus.token.grant", "password");
        props.setProperty("versus.token.clientId", "cli");
        props.setProperty("versus.token.user", "admin");
        props.setProperty("versus.token.password", "p&w");
        JMeterVariables vars = thread("B");
        IterationChecks.check(vars, props, System.currentTimeMillis());
        assertThat(requests).singleElement().asString().startsWith("null grant_type=password&")
                .contains("username=admin", "password=p%26w", "client_id=cli");
        assertThat(vars.get("token")).isEqualTo("t1");
        assertThat(props.getProperty("versus.token")).isEqualTo("t1");
        assertThat(props.getProperty("token")).as("side A's token untouched").isNull();
    }

    @Test
    void anEndpointThatRefusesStopsTheThreadWithItsAnswer() throws Exception {
        status = 401;
        props.setProperty("token.url", url());
        assertThatThrownBy(() -> IterationChecks.check(thread("A"), props, System.currentTimeMillis()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("token endpoint " + url() + " answered 401: {\"error\":\"invalid_client\"}");
    }
}
