package io.idbench.scim.schema;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One attribute definition of a SCIM schema (RFC 7643 §7), immutable. Built fluently:
 * {@code AttributeDef.string("userName").required().uniqueness(Uniqueness.SERVER).build()}.
 * Defaults follow RFC 7643 §2.2: readWrite, returned by default, not unique, case-insensitive.
 */
public final class AttributeDef {
    private final String name;
    private final AttributeType type;
    private final boolean multiValued;
    private final boolean required;
    private final boolean caseExact;
    private final Mutability mutability;
    private final Returned returned;
    private final Uniqueness uniqueness;
    private final String description;
    private final List<String> canonicalValues;
    private final List<String> referenceTypes;
    private final List<AttributeDef> subAttributes;

    private AttributeDef(Builder b) {
        this.name = b.name;
        this.type = b.type;
        this.multiValued = b.multiValued;
        this.required = b.required;
        this.caseExact = b.caseExact;
        this.mutability = b.mutability;
        this.returned = b.returned;
        this.uniqueness = b.uniqueness;
        this.description = b.description;
        this.canonicalValues = List.copyOf(b.canonicalValues);
        this.referenceTypes = List.copyOf(b.referenceTypes);
        this.subAttributes = List.copyOf(b.subAttributes);
    }

    public static Builder of(String name, AttributeType type) { return new Builder(name, type); }
    public static Builder string(String name) { return of(name, AttributeType.STRING); }
    public static Builder bool(String name) { return of(name, AttributeType.BOOLEAN); }
    public static Builder integer(String name) { return of(name, AttributeType.INTEGER); }
    public static Builder dateTime(String name) { return of(name, AttributeType.DATE_TIME); }
    public static Builder reference(String name, String... referenceTypes) {
        return of(name, AttributeType.REFERENCE).caseExact().referenceTypes(referenceTypes);
    }
    public static Builder complex(String name, AttributeDef... subAttributes) {
        return of(name, AttributeType.COMPLEX).subAttributes(subAttributes);
    }

    public String name() { return name; }
    public AttributeType type() { return type; }
    public boolean multiValued() { return multiValued; }
    public boolean required() { return required; }
    public boolean caseExact() { return caseExact; }
    public Mutability mutability() { return mutability; }
    public Returned returned() { return returned; }
    public Uniqueness uniqueness() { return uniqueness; }
    public String description() { return description; }
    public List<String> canonicalValues() { return canonicalValues; }
    public List<String> referenceTypes() { return referenceTypes; }
    public List<AttributeDef> subAttributes() { return subAttributes; }
    public boolean isComplex() { return type == AttributeType.COMPLEX; }
    public boolean isReadOnly() { return mutability == Mutability.READ_ONLY; }

    /** Case-insensitive sub-attribute lookup (attribute names are case-insensitive, RFC 7643 §2.1). */
    public Optional<AttributeDef> subAttribute(String subName) {
        for (AttributeDef sub : subAttributes) {
            if (sub.name.equalsIgnoreCase(subName)) {
                return Optional.of(sub);
            }
        }
        return Optional.empty();
    }

    /** The folded form used to compare values of this attribute: case folded unless caseExact. */
    public String fold(String value) {
        return caseExact ? value : value.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() { return name; }

    public static final class Builder {
        private final String name;
        private final AttributeType type;
        private boolean multiValued;
        private boolean required;
        private boolean caseExact;
        private Mutability mutability = Mutability.READ_WRITE;
        private Returned returned = Returned.DEFAULT;
        private Uniqueness uniqueness = Uniqueness.NONE;
        private String description = "";
        private List<String> canonicalValues = List.of();
        private List<String> referenceTypes = List.of();
        private List<AttributeDef> subAttributes = List.of();

        private Builder(String name, AttributeType type) {
            this.name = name;
            this.type = type;
        }

        public Builder multiValued() { this.multiValued = true; return this; }
        public Builder required() { this.required = true; return this; }
        public Builder caseExact() { this.caseExact = true; return this; }
        public Builder mutability(Mutability m) { this.mutability = m; return this; }
        public Builder readOnly() { return mutability(Mutability.READ_ONLY); }
        public Builder returned(Returned r) { this.returned = r; return this; }
        public Builder uniqueness(Uniqueness u) { this.uniqueness = u; return this; }
        public Builder unique() { return uniqueness(Uniqueness.SERVER); }
        public Builder description(String d) { this.description = d; return this; }
        public Builder canonicalValues(String... v) { this.canonicalValues = List.of(v); return this; }
        public Builder referenceTypes(String... r) { this.referenceTypes = List.of(r); return this; }
        public Builder subAttributes(AttributeDef... s) { this.subAttributes = List.of(s); return this; }

        public AttributeDef build() { return new AttributeDef(this); }
    }
}
