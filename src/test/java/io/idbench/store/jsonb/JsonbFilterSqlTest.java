package io.idbench.store.jsonb;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.Sql;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JSONB storage's SQL of each filter, exactly: each operator's comparison, LIKE patterns with their wildcards escaped,
 * the expressions the indexes are built on (lower(...) COLLATE "C", the typed columns), every literal a parameter. A
 * changed operator, pattern or cast changes a line here; what the SQL finds is tested against real PostgreSQL elsewhere.
 */
class JsonbFilterSqlTest {
    private static final FilterResolver USERS = new FilterResolver(ScimSchemas.USER_TYPE);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "userName eq \"BJ\"   | lower(r.user_name) COLLATE \"C\" = lower(?)       | [BJ]",
            "userName gt \"b\"    | lower(r.user_name) COLLATE \"C\" > lower(?)       | [b]",
            "title ge \"m\"       | lower(r.doc ->> 'title') COLLATE \"C\" >= lower(?) | [m]",
            "title lt \"m\"       | lower(r.doc ->> 'title') COLLATE \"C\" < lower(?)  | [m]",
            "title le \"m\"       | lower(r.doc ->> 'title') COLLATE \"C\" <= lower(?) | [m]",
            "title co \"a%b\"     | lower(r.doc ->> 'title') COLLATE \"C\" LIKE ?     | [%a\\%b%]",
            "title sw \"x\"       | lower(r.doc ->> 'title') COLLATE \"C\" LIKE ?     | [x%]",
            "title ew \"x\"       | lower(r.doc ->> 'title') COLLATE \"C\" LIKE ?     | [%x]",
            "title pr             | r.doc -> 'title' IS NOT NULL                     | []",
            "not (title pr)       | NOT coalesce((r.doc -> 'title' IS NOT NULL), false) | []",
            "title pr and nickName pr | (r.doc -> 'title' IS NOT NULL AND r.doc -> 'nickName' IS NOT NULL) | []",
            "title pr or nickName pr  | (r.doc -> 'title' IS NOT NULL OR r.doc -> 'nickName' IS NOT NULL)  | []",
            "name.givenName eq \"B\"  | lower(r.doc -> 'name' ->> 'givenName') COLLATE \"C\" = lower(?) | [B]",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 5 | r.ssn > ? | [5]",
            "active eq true       | (r.doc ->> 'active')::boolean = ?               | [true]",
            "meta.created ge \"2026-01-02T03:04:05Z\" | r.created >= ?             | [2026-01-02T03:04:05Z]",
            "id eq \"2819c223-7f76-453a-919d-413861904646\" | r.id = ? | [2819c223-7f76-453a-919d-413861904646]",
            "id eq \"nope\"       | false                                           | []",
            "emails.value eq \"a@b\" | lower(jsonb_path_query_array(r.doc -> 'emails', '$[*].\"value\"')::text)::jsonb @> jsonb_build_array(lower(?)) | [a@b]",
            "emails[type eq \"work\" and value co \"x\"] | EXISTS (SELECT 1 FROM jsonb_array_elements(r.doc -> 'emails') AS e WHERE (lower(e ->> 'type') COLLATE \"C\" = lower(?) AND lower(e ->> 'value') COLLATE \"C\" LIKE ?)) | [work, %x%]",
            "groups.value eq \"2819c223-7f76-453a-919d-413861904646\" | EXISTS (SELECT 1 FROM scim_user_groups m WHERE m.user_id = r.id AND m.group_id = ?) | [2819c223-7f76-453a-919d-413861904646]",
            "groups.display eq \"hr\" | EXISTS (SELECT 1 FROM scim_user_groups m JOIN scim_group o ON o.id = m.group_id WHERE m.user_id = r.id AND lower(o.display_name) COLLATE \"C\" = lower(?)) | [hr]",
    })
    void eachFilterCompilesToItsIndexedExpression(String filter, String sql, String params) {
        Sql out = new Sql();
        new JsonbFilterSql(ScimSchemas.USER_TYPE, JsonbTable.USERS).where(USERS.parse(filter), out);
        assertThat(out.text()).isEqualTo(sql);
        assertThat(out.params().toString()).isEqualTo(params);
    }
}
