package io.idbench.targets.scim.jmeter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.seed.provisioning.IntendedState;
import io.idbench.seed.provisioning.ScheduleFiles;
import io.idbench.targets.ProvisioningAudit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;

/**
 * After a provisioning cycle, the target's state against what the cycles so far meant ({@link ProvisioningAudit}), and a
 * duplicate create refused with 409 (RFC 7644 3.3, as Okta expects). The sample fails with the mismatches, each naming its
 * object; they are also written to {@code audit-<cycle>.txt} in the schedule's directory (empty when all held), which the
 * record step reads.
 */
public final class AuditCycle extends AbstractJavaSamplerClient {
    /** The response code of a sample whose audit could not run. */
    static final String SAMPLER_ERROR = "500";
    /** The response code of an audit that found the target other than the cycles meant (HTTP's Expectation Failed). */
    static final String MISMATCH = "417";
    private static final String SCIM_JSON = "application/scim+json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Override
    public Arguments getDefaultParameters() {
        Arguments args = new Arguments();
        args.addArgument("cycle", "");
        args.addArgument("url", "");
        args.addArgument("token", "");
        return args;
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        SampleResult result = new SampleResult();
        result.sampleStart();
        List<String> found;
        try {
            found = audit(JMeterUtils.getJMeterProperties(), context.getIntParameter("cycle"), context.getParameter("url"),
                    context.getParameter("token"));
            result.sampleEnd();
            result.setResponseCode(found.isEmpty() ? "200" : MISMATCH);
        } catch (RuntimeException | IOException e) {
            result.sampleEnd();
            result.setResponseCode(SAMPLER_ERROR);
            found = List.of("the audit could not run: " + e);
        }
        result.setSuccessful(found.isEmpty());
        result.setResponseMessage(found.isEmpty() ? "the target holds what the cycles meant" : String.join("; ", found));
        return result;
    }

    /** The mismatches after {@code cycle}, also written to the schedule's directory. */
    static List<String> audit(Properties props, int cycle, String url, String token) throws IOException {
        Path dir = Path.of(props.getProperty("provisioning.schedule.dir", ""));
        String prefix = props.getProperty("provisioning.prefix", "");
        IntendedState intended = IntendedState.replay(ScheduleFiles.read(dir).stream().filter(s -> s.cycle() <= cycle).toList());
        Target target = new Target(url, token, HTTP);
        List<String> found = new ArrayList<>(new ProvisioningAudit(target::list).mismatches(prefix, intended));
        intended.users().keySet().stream().findFirst().map(target::duplicateRefused).filter(s -> !s.isEmpty()).ifPresent(found::add);
        Files.write(dir.resolve("audit-" + cycle + ".txt"), found);
        return found;
    }

    /** The target as the audit reads it: GETs of its listings, one POST of a duplicate. */
    private record Target(String url, String token, HttpClient http) {
        ProvisioningAudit.Page list(String resource, String filter, String query) {
            return send(HttpRequest.newBuilder(URI.create(url + "/" + resource + "?filter=" + URLEncoder.encode(filter,
                    StandardCharsets.UTF_8) + "&" + query)).GET());
        }

        /** Empty when a second user with {@code userName} is refused with 409, else what happened. */
        String duplicateRefused(String userName) {
            String body = "{\"schemas\":[\"urn:ietf:params:scim:schemas:core:2.0:User\"],\"userName\":\"" + userName + "\"}";
            ProvisioningAudit.Page p = send(HttpRequest.newBuilder(URI.create(url + "/Users")).header("Content-Type", SCIM_JSON)
                    .POST(HttpRequest.BodyPublishers.ofString(body)));
            return p.status() == 409 ? "" : "user " + userName + ": a duplicate create answered " + p.status() + ", not 409: " + p.text();
        }

        private ProvisioningAudit.Page send(HttpRequest.Builder request) {
            try {
                HttpResponse<String> r = http.send(request.header("Accept", SCIM_JSON).header("Authorization", "Bearer " + token)
                        .timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
                JsonNode body = r.body().isBlank() ? null : parsed(r.body());
                return new ProvisioningAudit.Page(r.statusCode(), body, r.body());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }

        private static JsonNode parsed(String text) {
            try {
                return JSON.readTree(text);
            } catch (IOException e) {
                return null;
            }
        }
    }
}
