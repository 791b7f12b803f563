package io.idbench.seed;

import io.idbench.membership.DynamicGroups;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a storage loader writes: identities 1 … {@code users} of the generator, their password
 * hashes (identity N gets {@code passwordHashes[N % size]}), direct memberships of the profile's
 * static groups ({@code groups}: displayName → id, hr and employee at least), and the dynamic
 * memberships the service would compute with {@code dynamic} (empty with dyn off).
 */
public record LoadInput(long users, List<String> passwordHashes, Map<String, UUID> groups, DynamicGroups dynamic) {
    /** How many identities between two progress reports. */
    static final int REPORT_EVERY = 10_000;

    /** Tells {@code progress} every {@link #REPORT_EVERY} identities. */
    void report(long n, SeedProgress progress) {
        if (n % REPORT_EVERY == 0) {
            progress.step(n);
        }
    }

    String passwordHash(long n) {
        return passwordHashes.get((int) (n % passwordHashes.size()));
    }

    List<UUID> staticGroupIds() {
        return IdentityGenerator.staticGroups().stream().map(name -> {
            UUID id = groups.get(name);
            if (id == null) {
                throw new IllegalStateException("The profile group '" + name + "' does not exist in the database being seeded");
            }
            return id;
        }).toList();
    }
}
