package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Where idbench may send load: an http(s) URL on this machine, anything else refused in one line. */
class LoopbackTest {
    private static final String EXAMPLE = "http://127.0.0.1:8080/scim/v2";

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/scim/v2", "https://localhost/scim/v2", "http://[::1]:9/x"})
    void anHttpUrlOnThisMachineIsTaken(String url) {
        assertThat(Loopback.httpUrl("target.url", url, EXAMPLE)).hasToString(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:8080", "ftp://127.0.0.1/x", "http://", "http://127.0.0.1:8080/a b", ""})
    void aUrlThatIsNotHttpIsRefusedWithAnExample(String url) {
        assertThatThrownBy(() -> Loopback.httpUrl("target.url", url, EXAMPLE)).isInstanceOf(ConfigException.class)
                .hasMessage("target.url must look like " + EXAMPLE + ", was '" + url + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.org/scim/v2", "http://10.0.0.1:8080/scim/v2", "http://127.0.0.2/scim/v2"})
    void aUrlOnAnotherMachineIsRefused(String url) {
        assertThatThrownBy(() -> Loopback.httpUrl("--target-url", url, EXAMPLE)).isInstanceOf(ConfigException.class)
                .hasMessage("--target-url must be on this machine (127.0.0.1, localhost or [::1]): idbench loads loopback only, was '"
                        + url + "'");
    }
}
