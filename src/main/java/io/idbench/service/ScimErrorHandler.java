package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * Errors Jetty answers itself, before a request reaches the SCIM endpoints (a URI or headers
 * too long: 414, 431; a malformed request line: 400), leave as SCIM error JSON like every other
 * error, never as Jetty's HTML page.
 */
final class ScimErrorHandler extends ErrorHandler {
    private final ObjectMapper json;

    ScimErrorHandler(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, ScimServer.SCIM_JSON_UTF8);
        return ByteBuffer.wrap(body(status, reason));
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response,
            int code, String message) throws IOException {
        baseRequest.setHandled(true);
        response.setContentType(ScimServer.SCIM_JSON_UTF8);
        // Jetty's own message may hold an exception's text: the reason phrase says enough.
        response.getOutputStream().write(body(code, null));
    }

    private byte[] body(int status, String reason) {
        String detail = reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason;
        try {
            return json.writeValueAsBytes(ScimServer.errorBody(json, status, status == 400 ? "invalidSyntax" : null,
                    detail + " (rejected by the HTTP layer)"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
