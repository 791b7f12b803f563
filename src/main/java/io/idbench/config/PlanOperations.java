package io.idbench.config;

import static io.idbench.config.OperationKind.AUDIT;
import static io.idbench.config.OperationKind.CREATE;
import static io.idbench.config.OperationKind.DELETE;
import static io.idbench.config.OperationKind.LIST;
import static io.idbench.config.OperationKind.LOGIN;
import static io.idbench.config.OperationKind.MEMBERSHIP;
import static io.idbench.config.OperationKind.READ;
import static io.idbench.config.OperationKind.SEARCH;
import static io.idbench.config.OperationKind.UPDATE;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The operations each plan file measures ({@link Protocol#planFile}), every sampler's label with its kind and interface,
 * set-up and teardown included (their phases are not measured, but their samples are labelled too). What the results read a
 * label's meaning from; {@code OperationCatalogueTest} holds it to the plan files sampler by sampler.
 */
public final class PlanOperations {
    /** Plan 5's membership PATCH, labelled as its client words it (provisioning.groovy chooses). */
    public static final List<String> MEMBERSHIP_LABELS = List.of("Add member", "Remove member", "Push members");

    private PlanOperations() {
    }

    /** The operations of the plan in the protocol, in the order the plan file first names them. */
    public static List<Operation> of(Plan plan, Protocol protocol) {
        Catalogue c = new Catalogue(protocol == Protocol.LDAP ? Api.LDAP : Api.SCIM);
        boolean ldap = protocol == Protocol.LDAP;
        switch (plan) {
            case HETEROGENEOUS -> {
                c.add("Create new user", CREATE).add("Search existing user", SEARCH).add("Read existing user by id", READ)
                        .add("Update existing user", UPDATE).add("Read new user by userName", SEARCH).add("Delete new user", DELETE)
                        .add("Populate: create user", CREATE).add("Teardown: delete user", DELETE);
                if (!ldap) {
                    c.add("Authenticate", LOGIN, Api.OAUTH_TOKEN).add("Populate: searchable yet", SEARCH)
                            .add("Teardown: find user", SEARCH);
                }
            }
            case READ_FLOOD -> c.add("Read user by id", READ);
            case MEMBERS -> {
                c.add("Read group without members", READ).add("Page of 100 members", SEARCH).add("Count members", SEARCH)
                        .add("Read user's groups", SEARCH);
                if (!ldap) {
                    c.add("Find group hr", SEARCH);
                }
            }
            case QUERY_VALUES -> c.add("Create user", CREATE).add("Partial update (PATCH one attribute)", UPDATE)
                    .add("Full update (PUT)", UPDATE).add("Query by type and value range", SEARCH).add("Query by type and e-mail", SEARCH)
                    .add("Delete user", DELETE);
            case PROVISIONING -> {
                c.add("Present: create user", CREATE).add("Lookup user", SEARCH).add("Create user", CREATE)
                        .add("Update user", UPDATE).add("Deactivate user", UPDATE).add("Delete user", DELETE)
                        .add("Lookup group", SEARCH).add("Create group", CREATE);
                MEMBERSHIP_LABELS.forEach(label -> c.add(label, MEMBERSHIP));
                c.add("Read user", READ).add("Replace user", UPDATE).add("Rename group", UPDATE).add("Import: page of users", LIST)
                        .add("Import: page of groups", LIST).add("Audit after cycle ${cycle}", AUDIT, Api.PLAN);
            }
            case KEYCLOAK_TEAM -> {
                for (Api api : List.of(Api.SCIM, Api.KEYCLOAK_ADMIN)) {
                    String via = api == Api.SCIM ? " (SCIM)" : " (Admin API)";
                    c.add("Read user by id" + via, READ, api).add("List 100 users" + via, LIST, api)
                            .add("Search by userName" + via, SEARCH, api).add("Search by e-mail" + via, SEARCH, api)
                            .add("Search by employeeNumber" + via, SEARCH, api);
                }
            }
        }
        return List.copyOf(c.operations);
    }

    /** The operation a label names in the plan file, if it is one of the plan's. */
    public static Optional<Operation> find(Plan plan, Protocol protocol, String label) {
        return of(plan, protocol).stream().filter(o -> o.label().equals(label)).findFirst();
    }

    private static final class Catalogue {
        private final Api api;
        private final List<Operation> operations = new ArrayList<>();

        Catalogue(Api api) {
            this.api = api;
        }

        Catalogue add(String label, OperationKind kind) {
            return add(label, kind, api);
        }

        Catalogue add(String label, OperationKind kind, Api via) {
            operations.add(new Operation(label, kind, via));
            return this;
        }
    }
}
