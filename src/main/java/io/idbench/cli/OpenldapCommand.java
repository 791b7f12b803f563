package io.idbench.cli;

import com.unboundid.ldap.sdk.LDAPConnection;
import io.idbench.common.FileTrees;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.DeathWatch;
import io.idbench.provision.FreePorts;
import io.idbench.provision.OrphanReaper;
import io.idbench.record.Environment;
import io.idbench.record.SeedRecord;
import io.idbench.record.Service;
import io.idbench.seed.IdentityGenerator;
import io.idbench.service.PasswordHasher;
import io.idbench.service.TokenService;
import io.idbench.targets.ldap.DirectoryLayout;
import io.idbench.targets.ldap.IdentityLdif;
import io.idbench.targets.ldap.Slapd;
import io.idbench.targets.ldap.SlapdConfig;
import io.idbench.targets.ldap.SlapdDataset;
import io.idbench.targets.ldap.SlapdServer;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench openldap}: OpenLDAP's slapd as a benchmark target, holding the workload's identities (a kept dataset, copied
 * in), on a free loopback port, in a private work directory that goes when it stops.
 */
@Command(name = "openldap", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
        description = {"Starts OpenLDAP's slapd as an LDAP target holding the workload's identities.",
                "It runs Debian's package (scripts/install-openldap.sh installs it): MDB, the idbench profile's schema beside",
                "inetOrgPerson, equality and substring indexes for what the plans search, the memberof overlay for the groups.",
                "With --users, user.1 … user.N and the groups hr and employee (all of them members) are loaded once by slapadd",
                "into a kept dataset, which this and later starts copy. Loopback only; a private work directory, removed when it",
                "stops. Runs until Ctrl-C or SIGTERM."},
        footer = {"", "Examples:", "  java -jar target/idbench.jar openldap --users=10000 --info-file=/tmp/ldap.json",
                "  then: ldapsearch -x -H <baseUrl's host:port> -D cn=admin,dc=idbench,dc=org -w <adminPassword> -b "
                        + DirectoryLayout.BASE_DN + " uid=user.1",
                "  java -jar target/idbench.jar openldap --users=1000000 --port=0   # load (or copy) 1M identities and serve them"})
public final class OpenldapCommand implements TargetCommand {
    /** Where kept directories live by default: one root per OpenLDAP minor version, whose MDB files it reads. */
    static final String DEFAULT_DATASETS = "~/.cache/idbench/openldap";

    @Spec
    CommandSpec spec;

    @Mixin
    ServedUntilStopped lifecycle;

    @Option(names = "--users", paramLabel = "<n>", defaultValue = "0",
            description = "Identities user.1 … user.N, members of hr and employee (default: ${DEFAULT-VALUE}: an empty directory).")
    long users;

    @Option(names = "--fresh", description = "Load the dataset again even when one of this size is kept (default: copy it).")
    boolean fresh;

    @Option(names = "--datasets-dir", paramLabel = "<dir>", defaultValue = DEFAULT_DATASETS,
            description = "Where loaded directories are kept, per OpenLDAP version (default: ${DEFAULT-VALUE}-<major.minor>).")
    String datasetsDir;

    @Option(names = "--work-dir", paramLabel = "<dir>", defaultValue = "target/openldap",
            description = "Under which the server's private directory (configuration, data, log) is made (default: ${DEFAULT-VALUE}).")
    Path workRoot;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "0",
            description = "The loopback port slapd listens on (default: ${DEFAULT-VALUE}: a free one).")
    int port;

    @Option(names = "--info-file", paramLabel = "<file>",
            description = "Write the LDAP URL, bind DN and password, the product and the seed as JSON (mode 0600) once ready.")
    Path infoFile;

    /** Validates the options as {@link #call} would use them (a {@link ConfigException} otherwise). */
    @Override
    public void check() {
        if (users < 0) {
            throw new ConfigException("--users must be at least 0, was " + users);
        }
        if (port < 0 || port > 65_535) {
            throw new ConfigException("--port must be between 0 and 65535, was " + port);
        }
        if (!Files.isExecutable(Slapd.SLAPD) || !Files.isExecutable(Slapd.SLAPADD)) {
            throw new ConfigException(Slapd.MISSING);
        }
    }

    @Override
    public Integer call() throws Exception {
        check();
        PrintWriter out = spec.commandLine().getOut();
        return lifecycle.run("OpenLDAP", out, started -> {
            String version = Slapd.version();
            Files.createDirectories(workRoot);
            Path work = Files.createTempDirectory(workRoot.toAbsolutePath(), "slapd-");
            started.push(() -> FileTrees.delete(work));
            Path data = work.resolve("data");
            SeedRecord seed = users > 0 ? new SlapdDataset(datasets(version), passwordPool()).provide(users, fresh, data, out) : null;
            if (seed != null && SeedRecord.REUSED.equals(seed.action())) {
                out.println(String.format(Locale.ROOT, "Dataset %s reused: copied in %.1f s", seed.dataset(), seed.seconds()));
            }
            SlapdConfig config = new SlapdConfig(work, data, TokenService.randomToken()).write();
            if (users == 0) {
                Slapd.slapadd(config, IdentityLdif::writeSkeleton, work.resolve("slapadd.log"));
            }
            out.println("Starting OpenLDAP " + version + " (slapd, MDB)…");
            out.flush();
            SlapdServer slapd = SlapdServer.start(config, port == 0 ? FreePorts.take() : port);
            started.push(slapd);
            OrphanReaper.watch(slapd.pid(), OrphanReaper.ENGINE_SIGNAL);
            DeathWatch.failFastWhenGone("slapd", slapd.pid());
            check(slapd);
            out.println(String.format(Locale.ROOT, "OpenLDAP %s at %s, ready in %.1f s (pid %d)", version, slapd.url(),
                    slapd.startup().toMillis() / 1000.0, slapd.pid()));
            out.println("Stop with Ctrl-C (or SIGTERM): slapd stops and its work directory goes.");
            out.flush();
            if (infoFile != null) {
                Service.Product product = new Service.Product("OpenLDAP", version, "MDB", null,
                        "slapd.conf: back-mdb, memberof overlay (with its refint), ppolicy hashing cleartext passwords; durable writes",
                        slapd.startup().toMillis() / 1000.0, List.of());
                Map<String, Environment.Provider> providers = Map.of("openldap", new Environment.Provider("installed",
                        "OpenLDAP " + version + " (" + Slapd.SLAPD + ", Debian's package) at " + slapd.url(), slapd.pid()));
                new ReadyFile(slapd.url(), slapd.port(), "", DirectoryLayout.ROOT_DN, config.rootPassword(), null, null,
                        ProcessHandle.current().pid(), null, null, null, providers, null, null, product, seed).write(infoFile);
            }
        });
    }

    /** The first and the last identity, and the group that holds them all, are there. */
    private void check(SlapdServer slapd) throws Exception {
        if (users == 0) {
            return;
        }
        try (LDAPConnection c = slapd.connect()) {
            for (String dn : List.of(DirectoryLayout.userDn(IdentityGenerator.userName(1)),
                    DirectoryLayout.userDn(IdentityGenerator.userName(users)), DirectoryLayout.groupDn("hr"))) {
                if (c.getEntry(dn, "1.1") == null) {
                    throw new IllegalStateException("The directory misses " + dn + " after its seed");
                }
            }
        }
    }

    /** The seeded passwords' hashes: the SQL datasets' pool ({SSHA256}, which slapd verifies with pw-sha2). */
    private static List<String> passwordPool() {
        return new PasswordHasher.SaltedSha256().seedPool(IdentityGenerator.PASSWORD_POOL, IdentityGenerator::password);
    }

    private Path datasets(String version) {
        return ScenarioConfig.expandHome(datasetsDir
                + (datasetsDir.equals(DEFAULT_DATASETS) ? "-" + version.substring(0, version.lastIndexOf('.')) : ""));
    }
}
