package io.idbench.config;

/** What a run provisions and measures: idbench's own SCIM service, or a real identity product. */
public enum TargetKind implements Choice {
    IDBENCH, KEYCLOAK;

    @Override
    public String toString() {
        return id();
    }

    public static TargetKind parse(String text) {
        return Choice.parseInOrder(TargetKind.class, "target", text);
    }
}
