package io.idbench.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.targets.ldap.Slapd;
import java.io.IOException;
import java.nio.file.Files;

/** OpenLDAP for the tests that start slapd: installed by scripts/install-openldap.sh where it is missing, as .ci/run does. */
public final class TestSlapd {
    private TestSlapd() {
    }

    public static void installIfMissing() throws IOException, InterruptedException {
        if (Files.isExecutable(Slapd.SLAPD) && Files.isExecutable(Slapd.SLAPADD)) {
            return;
        }
        QuickTier.refuseServer("scripts/install-openldap.sh (apt-get)");
        Process p = new ProcessBuilder("scripts/install-openldap.sh").inheritIO().start();
        assertThat(p.waitFor()).as("scripts/install-openldap.sh (needs root and apt) failed: " + Slapd.MISSING).isZero();
    }
}
