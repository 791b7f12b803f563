package io.idbench.config;

/**
 * The provisioning client plan 5 speaks as (docs/service.md, "Provisioning clients"): what it sends for each object, in
 * order, as its own documentation shows it.
 */
public enum ProvisioningClient implements Choice {
    /** Microsoft Entra ID's default job: capitalised ops, active as text, members removed with a value array; never pages. */
    ENTRA("entra"),
    /** Entra ID with the aadOptscim062020 flag: lowercase ops, real booleans, a path-less replace, filter removals. */
    ENTRA_2020("entra-2020"),
    /** Okta: look up with startIndex and count, full PUT updates, deactivation by a path-less replace, never a DELETE. */
    OKTA("okta");

    private final String id;

    ProvisioningClient(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    /** Whether it ever deletes a user (Entra after 30 days of soft deletion; Okta never). */
    public boolean deletesUsers() {
        return switch (this) {
            case ENTRA, ENTRA_2020 -> true;
            case OKTA -> false;
        };
    }

    @Override
    public String toString() {
        return id;
    }

    public static ProvisioningClient parse(String text) {
        return Choice.parseInOrder(ProvisioningClient.class, "client", text);
    }
}
