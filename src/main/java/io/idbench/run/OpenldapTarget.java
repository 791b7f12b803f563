package io.idbench.run;

import io.idbench.cli.OpenldapCommand;
import io.idbench.cli.ReadyFile;
import io.idbench.cli.TargetCommand;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import io.idbench.targets.ldap.DirectoryLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** OpenLDAP's slapd ({@code idbench openldap}): MDB, loaded by slapadd into a kept dataset, the plans' LDAP twins. */
final class OpenldapTarget implements RunTarget {
    @Override
    public TargetKind kind() {
        return TargetKind.OPENLDAP;
    }

    @Override
    public String product() {
        return "OpenLDAP's slapd";
    }

    @Override
    public TargetCommand command() {
        return new OpenldapCommand();
    }

    /** Whether its kept dataset is loaded anew. */
    @Override
    public List<String> serviceParameters() {
        return List.of(ServeArguments.FRESH);
    }

    @Override
    public List<String> arguments(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run) {
        List<String> args = new ArrayList<>();
        ServeArguments.addFresh(resolved, args);
        args.add("--users=" + settings.users);
        args.add("--work-dir=" + run.dir().resolve("openldap"));
        args.add("--info-file=" + run.serviceInfo());
        args.add("--stop-with-parent");
        return ServeArguments.checked(command(), args);
    }

    @Override
    public String measured(ScenarioResolver.Resolved resolved, RunSettings s) {
        return "Target: OpenLDAP's slapd (provisioned, MDB, over LDAP), " + (s.users == 0 ? "an empty directory"
                : String.format("%,d", s.users) + " identities loaded by slapadd (kept and reused)");
    }

    /** JMeter's properties for the directory: its host and port (target.*), base DN, and the DN and password the plans bind with. */
    @Override
    public void handOver(Started s) throws IOException {
        Properties p = TargetProperties.of(s.a().baseUrl(), "");
        ReadyFile ready = s.a().ready();
        p.setProperty("ldap.base", DirectoryLayout.BASE_DN);
        p.setProperty("ldap.bindDn", ready.adminUser());
        p.setProperty("ldap.password", ready.adminPassword());
        TargetProperties.append(s.run(), p, "the directory under test: " + ready.product().name());
    }
}
