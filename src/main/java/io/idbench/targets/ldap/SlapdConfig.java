package io.idbench.targets.ldap;

import io.idbench.common.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * slapd's configuration for the workload (slapd.conf, written into the server's private work directory with the idbench
 * schema beside it): the MDB backend on one data directory, an equality index for every attribute the plans look up by value
 * and a substring index where a name may be searched in part, the memberof overlay (a user's groups as {@code memberOf},
 * kept by slapd as members change, and a deleted user dropped from its groups) and ppolicy, only to store a cleartext
 * password hashed ({SSHA256}, as idbench's service hashes the passwords it is given). Durable as the SQL
 * stores are: MDB syncs every write, as PostgreSQL runs with fsync on.
 */
public record SlapdConfig(Path workDir, Path dataDir, String rootPassword) {
    /** MDB's map: the most the data file may grow to; sparse, so only what is used takes disk (1M identities: a few GiB). */
    public static final long MAX_SIZE = 64L << 30;
    /** slapadd's indexing threads: the machine's cores. */
    static final int TOOL_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());
    private static final String SCHEMAS = "/etc/ldap/schema";
    /** The MDB backend's options (every MDB database of the server): part of a kept dataset's name, as they shape its indexes. */
    static final String BACKEND_OPTIONS = """
            backend mdb
            # An index slot keeps 2^17 entry IDs before it becomes a range (all of them candidates): a tenth of a million
            # identities (a userType) stays exact.
            idlexp 17
            """;
    /** How the database stores its entries and indexes: part of a kept dataset's name (SlapdDataset), as it shapes the file. */
    static final String DATABASE_OPTIONS = """
            # A group of a million members: its values in a table of their own, not one record rewritten per change.
            multival member 100,10
            index objectClass eq
            index uid eq
            index givenName,sn,mail eq,sub
            index employeeType eq
            # Not idbenchSsn: slapd answers a range on an indexed integer by merging every matching key's IDs one by one, in
            # time quadratic in the matches (100k identities: 10,000 of them 233 ms of CPU, 40,000 3.2 s); the type's index
            # narrows plan 4's query to a tenth, whose entries slapd then tests.
            index member,memberOf eq
            """;

    public Path configFile() {
        return workDir.resolve("slapd.conf");
    }

    public Path pidFile() {
        return workDir.resolve("slapd.pid");
    }

    /** Writes slapd.conf and the idbench schema (mode 0600: the root password is in it). */
    public SlapdConfig write() throws IOException {
        Path schema = workDir.resolve("idbench.schema");
        PrivateFiles.replace(schema, IdbenchSchema.slapdSchema());
        PrivateFiles.replace(configFile(), render(schema));
        return this;
    }

    String render(Path schema) {
        return """
                # idbench's slapd: written by idbench for one server, in its private work directory
                include %1$s/core.schema
                include %1$s/cosine.schema
                include %1$s/inetorgperson.schema
                include %2$s
                modulepath /usr/lib/ldap
                moduleload back_mdb
                moduleload memberof
                moduleload pw-sha2
                moduleload ppolicy
                # A cleartext password added or changed is stored hashed, as idbench's service stores it ({SSHA256}).
                password-hash {SSHA256}
                pidfile %3$s
                argsfile %4$s
                loglevel none
                tool-threads %5$d
                # The rootdn sees every entry of a search; a page of a large group is asked with the paged-results control.
                sizelimit unlimited

                %12$s
                database mdb
                suffix "%6$s"
                rootdn "%7$s"
                rootpw %8$s
                directory %9$s
                maxsize %10$d
                %11$s
                # memberof keeps a user's memberOf as groups change, and (memberof-refint) drops a deleted user from its groups,
                # found through its own memberOf. The refint overlay would do the latter by a search per delete: about 2 ms of
                # slapd's CPU per delete here, whatever the directory's size.
                overlay memberof
                memberof-refint TRUE
                overlay ppolicy
                ppolicy_hash_cleartext
                """.formatted(SCHEMAS, schema, pidFile(), workDir.resolve("slapd.args"), TOOL_THREADS, DirectoryLayout.BASE_DN,
                DirectoryLayout.ROOT_DN, rootPassword, dataDir, MAX_SIZE, DATABASE_OPTIONS, BACKEND_OPTIONS);
    }
}
