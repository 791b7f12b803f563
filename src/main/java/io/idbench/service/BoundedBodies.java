package io.idbench.service;

import io.idbench.scim.ScimException;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;

/**
 * Bounds every request body however it is framed. Javalin checks its maximum against
 * Content-Length only, so a chunked body was read whole into memory; here the stream itself
 * refuses to deliver more than the limit, and the reader gets a 413.
 */
final class BoundedBodies implements Filter {
    private final long maxBytes;

    BoundedBodies(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(new HttpServletRequestWrapper((HttpServletRequest) request) {
            private ServletInputStream bounded;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (bounded == null) {
                    bounded = new Bounded(super.getInputStream(), maxBytes);
                }
                return bounded;
            }
        }, response);
    }

    static ScimException tooLarge(long maxBytes) {
        return new ScimException(413, null, "The request body is larger than " + maxBytes + " bytes");
    }

    private static final class Bounded extends ServletInputStream {
        private final ServletInputStream in;
        private final long maxBytes;
        private long read;

        Bounded(ServletInputStream in, long maxBytes) {
            this.in = in;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            count(b < 0 ? -1 : 1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, (int) Math.min(len, maxBytes - read + 1));
            count(n);
            return n;
        }

        private void count(int n) {
            if (n > 0) {
                read += n;
                if (read > maxBytes) {
                    throw tooLarge(maxBytes);
                }
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
