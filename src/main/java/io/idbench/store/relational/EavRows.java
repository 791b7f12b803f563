package io.idbench.store.relational;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.ScimSchemas;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows {@link RelationalIdentityStore#createUser} writes for a user, for bulk loaders that
 * must produce exactly what the service would have: the same catalogue ids, value rows, attribute
 * rows and canonical unique values, from the same mapper.
 */
public final class EavRows {
    /** The typed value columns of u_value, in the order {@link Value#column()} indexes them. */
    /** The column of text values: the one compared case-insensitively. */
    public static final String STRING_VALUE = "string_value";
    public static final List<String> VALUE_COLUMNS = List.of(STRING_VALUE, "long_value", "double_value", "date_value",
            "boolean_value");

    /** One u_value row: catalogue id, element index, typed column (index into {@link #VALUE_COLUMNS}) and value. */
    public record Value(short schemaId, int idx, int column, Object value) {
    }

    /** Everything one user contributes: u_attr schema ids, u_value rows, u_unique_value (schema → text). */
    public record UserRows(Set<Short> attributes, List<Value> values, Map<Short, String> uniques) {
    }

    private final Catalogue catalogue;
    private final EavMapper mapper;

    private EavRows(Catalogue catalogue) {
        this.catalogue = catalogue;
        this.mapper = new EavMapper(catalogue);
    }

    /** The user catalogue of the database behind {@code c} (the store has created and synchronised it). */
    public static EavRows users(Connection c) throws SQLException {
        return new EavRows(Catalogue.load(c, ScimSchemas.USER_TYPE, RelationalTable.USERS));
    }

    /** The rows of a canonical user body (userName included; it goes to r_user, not to the values). */
    public UserRows user(ObjectNode body) {
        List<ValueRow> rows = mapper.rows(body);
        Set<Short> attributes = new LinkedHashSet<>();
        List<Value> values = new ArrayList<>(rows.size());
        for (ValueRow r : rows) {
            attributes.add(r.schemaId());
            values.add(new Value(r.schemaId(), r.idx(), VALUE_COLUMNS.indexOf(catalogue.byId(r.schemaId()).column()), r.value()));
        }
        return new UserRows(attributes, values, mapper.uniqueValues(body, rows));
    }
}
