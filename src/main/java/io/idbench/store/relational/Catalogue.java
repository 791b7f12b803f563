package io.idbench.store.relational;

import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Schema;
import io.idbench.scim.schema.ScimSchemas;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The attribute catalogue of one resource type: every leaf the EAV tables can hold, with the id
 * plain_schema gives it. Built from the schema registry and synchronised with the table at
 * start-up (new leaves are inserted, existing ids kept).
 */
final class Catalogue {
    private final ResourceType type;
    private final Map<String, Leaf> byName = new LinkedHashMap<>();
    private final Map<Short, Leaf> byId = new HashMap<>();

    private Catalogue(ResourceType type) {
        this.type = type;
    }

    /** Leaves kept outside the EAV tables: id/meta, the name column, passwords, memberships. */
    private static boolean stored(RelationalTable table, AttributeDef a) {
        return a != CommonAttributes.ID && a != CommonAttributes.META && !a.name().equals(table.nameAttribute())
                && !a.isReadOnly() && a.mutability() != io.idbench.scim.schema.Mutability.WRITE_ONLY
                && !a.name().equals(table.membershipAttribute());
    }

    static String name(ResourceType type, Schema schema, AttributeDef attribute, AttributeDef sub) {
        String base = schema == type.core() ? attribute.name() : schema.id() + ":" + attribute.name();
        return sub == null ? base : base + "." + sub.name();
    }

    static String typedUniqueName(String attribute, String kind) {
        return attribute + "[type eq \"" + kind + "\"].value";
    }

    /** The catalogue, synchronised with plain_schema: new leaves inserted, the ids of existing ones kept. */
    static Catalogue load(Connection c, ResourceType type, RelationalTable table) throws SQLException {
        List<Leaf> wanted = leaves(type, table);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO plain_schema "
                + "(name, owner_type, value_type, multivalue, unique_constraint) VALUES (?, ?, ?, ?, ?) "
                + "ON CONFLICT (owner_type, name) DO NOTHING")) {
            for (Leaf probe : wanted) {
                insert.setString(1, probe.name());
                insert.setString(2, type.name());
                insert.setString(3, probe.valueType());
                insert.setBoolean(4, probe.attribute().multiValued() && probe.typedUnique() == null);
                insert.setBoolean(5, probe.unique());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        Map<String, Short> ids = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, name FROM plain_schema WHERE owner_type = '" + type.name() + "'")) {
            while (rs.next()) {
                ids.put(rs.getString(2), rs.getShort(1));
            }
        }
        return of(type, wanted, ids::get);
    }

    /** The catalogue of {@code leaves} (without ids yet), each with the id {@code ids} gives its name. */
    static Catalogue of(ResourceType type, List<Leaf> leaves, Function<String, Short> ids) {
        Catalogue cat = new Catalogue(type);
        for (Leaf w : leaves) {
            Leaf leaf = new Leaf(ids.apply(w.name()), w.name(), w.schema(), w.attribute(), w.sub(), w.typedUnique());
            cat.byName.put(leaf.name(), leaf);
            cat.byId.put(leaf.id(), leaf);
        }
        return cat;
    }

    /** Every leaf the EAV tables hold of a type (ids not yet given): each stored attribute, or each sub-attribute. */
    static List<Leaf> leaves(ResourceType type, RelationalTable table) {
        List<Leaf> wanted = new ArrayList<>();
        List<Schema> schemas = new ArrayList<>();
        schemas.add(type.core());
        schemas.addAll(type.extensions());
        List<AttributeDef> common = List.of(CommonAttributes.EXTERNAL_ID);
        for (Schema schema : schemas) {
            List<AttributeDef> attributes = new ArrayList<>(schema == type.core() ? common : List.of());
            attributes.addAll(schema.attributes());
            for (AttributeDef a : attributes) {
                if (!stored(table, a)) {
                    continue;
                }
                if (a.isComplex()) {
                    for (AttributeDef sub : a.subAttributes()) {
                        if (!sub.isReadOnly()) {
                            wanted.add(new Leaf((short) 0, name(type, schema, a, sub), schema, a, sub, null));
                        }
                    }
                } else {
                    wanted.add(new Leaf((short) 0, name(type, schema, a, null), schema, a, null, null));
                }
            }
        }
        if (type == ScimSchemas.USER_TYPE) {
            ScimSchemas.UNIQUE_TYPED_VALUES.forEach((attribute, kind) -> {
                AttributeDef a = type.core().attribute(attribute).orElseThrow();
                wanted.add(new Leaf((short) 0, typedUniqueName(attribute, kind), type.core(), a, a.subAttribute("value").orElseThrow(),
                        kind));
            });
        }
        return wanted;
    }

    ResourceType type() {
        return type;
    }

    Iterable<Leaf> leaves() {
        return byName.values();
    }

    Leaf byId(short id) {
        return byId.get(id);
    }

    /** The leaf of {@code attribute[.sub]} in {@code schema}, or null when it is not stored here. */
    Leaf leaf(Schema schema, AttributeDef attribute, AttributeDef sub) {
        return byName.get(name(type, schema, attribute, sub));
    }

    /** All stored sub-attribute leaves of a complex attribute (the elements of a multi-valued one). */
    List<Leaf> subLeaves(Schema schema, AttributeDef attribute) {
        List<Leaf> out = new ArrayList<>();
        for (Leaf l : byName.values()) {
            if (l.schema() == schema && l.attribute() == attribute && l.typedUnique() == null) {
                out.add(l);
            }
        }
        return out;
    }
}
