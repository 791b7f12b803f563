package io.idbench.store.relational;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.Sql;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The relational (EAV) storage's SQL of each filter, exactly: the owners a condition holds for, read from the value table
 * by the leaf's id and typed column, set algebra for and, or and not, (owner, element) pairs for a value filter, every
 * literal a parameter. The leaves are numbered here as the catalogue would in a fresh database ({@code #title} below is
 * title's id); what the SQL finds is tested against real PostgreSQL elsewhere.
 */
class RelationalFilterSqlTest {
    private static final FilterResolver USERS = new FilterResolver(ScimSchemas.USER_TYPE);
    private static final List<Leaf> LEAVES = Catalogue.leaves(ScimSchemas.USER_TYPE, RelationalTable.USERS);
    private static final List<String> NAMES = LEAVES.stream().map(Leaf::name).toList();
    private static final Catalogue CATALOGUE = Catalogue.of(ScimSchemas.USER_TYPE, LEAVES, n -> (short) (NAMES.indexOf(n) + 1));

    /** The parameters as text, each {@code #leaf} replaced by that leaf's id. */
    private static String params(String expected) {
        String out = expected;
        for (String name : NAMES) {
            out = out.replace("#" + name + ",", (NAMES.indexOf(name) + 1) + ",").replace("#" + name + "]", (NAMES.indexOf(name) + 1) + "]");
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "userName eq \"BJ\"   | SELECT r2.id FROM r_user r2 WHERE lower(r2.user_name) COLLATE \"C\" = lower(?) | [BJ]",
            "userName gt \"b\"    | SELECT r2.id FROM r_user r2 WHERE lower(r2.user_name) COLLATE \"C\" > lower(?) | [b]",
            "title ge \"m\"       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" >= lower(?) | [#title, m]",
            "title lt \"m\"       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" < lower(?) | [#title, m]",
            "title le \"m\"       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" <= lower(?) | [#title, m]",
            "title co \"a%b\"     | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" LIKE ? | [#title, %a\\%b%]",
            "title sw \"x\"       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" LIKE ? | [#title, x%]",
            "title ew \"x\"       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" LIKE ? | [#title, %x]",
            "title pr             | SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ? | [#title]",
            "not (title pr)       | (SELECT id FROM r_user) EXCEPT (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) | [#title]",
            "title pr and nickName pr | SELECT DISTINCT x.owner_id FROM (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) x(owner_id) WHERE x.owner_id IN (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) | [#title, #nickName]",
            "title eq \"a\" and nickName eq \"b\" | SELECT x.owner_id FROM (SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?)) x(owner_id) WHERE x.owner_id IN (SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?)) | [#title, a, #nickName, b]",
            "userType eq \"C\" and urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 5 | SELECT x.owner_id FROM (SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.long_value IS NOT NULL AND v.long_value > ?) x(owner_id) WHERE x.owner_id IN (SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?)) | [#urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn, 5, #userType, C]",
            "title pr and not (nickName eq \"b\") | SELECT DISTINCT x.owner_id FROM ((SELECT id FROM r_user) EXCEPT (SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?))) x(owner_id) WHERE x.owner_id IN (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) | [#nickName, b, #title]",
            "title pr or nickName pr  | (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) UNION (SELECT a.owner_id FROM u_attr a WHERE a.schema_id = ?) | [#title, #nickName]",
            "name.givenName eq \"B\" | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?) | [#name.givenName, B]",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 5 | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.long_value IS NOT NULL AND v.long_value > ? | [#urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn, 5]",
            "active eq true       | SELECT v.owner_id FROM u_value v WHERE v.schema_id = ? AND v.boolean_value IS NOT NULL AND v.boolean_value = ? | [#active, true]",
            "meta.created ge \"2026-01-02T03:04:05Z\" | SELECT r2.id FROM r_user r2 WHERE r2.created >= ? | [2026-01-02T03:04:05Z]",
            "id eq \"2819c223-7f76-453a-919d-413861904646\" | SELECT r2.id FROM r_user r2 WHERE r2.id = ? | [2819c223-7f76-453a-919d-413861904646]",
            "id eq \"nope\"       | SELECT r2.id FROM r_user r2 WHERE false | []",
            "emails.value eq \"a@b\" | SELECT DISTINCT e.o FROM (SELECT v.owner_id AS o, v.idx AS i FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?)) e | [#emails.value, a@b]",
            "emails[type eq \"work\" and value co \"x\"] | SELECT DISTINCT e.o FROM ((SELECT v.owner_id AS o, v.idx AS i FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" = lower(?)) INTERSECT (SELECT v.owner_id AS o, v.idx AS i FROM u_value v WHERE v.schema_id = ? AND v.string_value IS NOT NULL AND lower(v.string_value) COLLATE \"C\" LIKE ?)) e | [#emails.type, work, #emails.value, %x%]",
            "groups.value eq \"2819c223-7f76-453a-919d-413861904646\" | SELECT DISTINCT e.o FROM (SELECT m.user_id AS o, m.group_id AS i, m.type AS t FROM r_user_groups m WHERE m.group_id = ?) e | [2819c223-7f76-453a-919d-413861904646]",
            "groups.display eq \"hr\" | SELECT DISTINCT e.o FROM (SELECT m.user_id AS o, m.group_id AS i, m.type AS t FROM r_user_groups m JOIN r_group o ON o.id = m.group_id WHERE lower(o.display_name) COLLATE \"C\" = lower(?)) e | [hr]",
    })
    void eachFilterCompilesToTheOwnersItHoldsFor(String filter, String sql, String params) {
        Sql out = new Sql();
        new RelationalFilterSql(CATALOGUE, RelationalTable.USERS).owners(USERS.parse(filter), out);
        assertThat(out.text()).isEqualTo(sql);
        assertThat(out.params().toString()).isEqualTo(params(params));
    }
}
