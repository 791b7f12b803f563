package io.idbench.provision;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/**
 * Free loopback ports for the servers this JVM starts. A port found free is only free until
 * someone binds it: PostgreSQL and the engine start side by side, and each asking the kernel on
 * its own once got the same port (the engine then failed with "Address already in use"). Ports
 * handed out here are never handed out twice by this JVM.
 */
public final class FreePorts {
    private static final Set<Integer> TAKEN = new HashSet<>();

    private FreePorts() {
    }

    /** A port nothing listened on a moment ago and that this JVM has not handed out before. */
    public static synchronized int take() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException("No free port: " + e.getMessage(), e);
            }
            if (TAKEN.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("No free port that this process had not handed out already, after 100 attempts");
    }
}
