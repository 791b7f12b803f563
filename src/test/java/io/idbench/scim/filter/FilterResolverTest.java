package io.idbench.scim.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.scim.RequestLimits;
import io.idbench.scim.ScimException;
import io.idbench.scim.schema.ScimSchemas;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Filter text to the resolved tree: each operator to its own node, {@code ne} to not-equal, an implied {@code value}, a
 * comparison on a multi-valued attribute to "any element", literals typed by the attribute; and every mistake a client can
 * make refused as 400 invalidFilter with its detail.
 */
class FilterResolverTest {
    private static final FilterResolver USERS = new FilterResolver(ScimSchemas.USER_TYPE);

    /** The tree in one line: (a AND b), NOT a, ANY emails[…], attribute OP literal. */
    static String text(Expr e) {
        if (e instanceof Expr.And and) {
            return and.operands().stream().map(FilterResolverTest::text).collect(Collectors.joining(" AND ", "(", ")"));
        }
        if (e instanceof Expr.Or or) {
            return or.operands().stream().map(FilterResolverTest::text).collect(Collectors.joining(" OR ", "(", ")"));
        }
        if (e instanceof Expr.Not not) {
            return "NOT " + text(not.operand());
        }
        if (e instanceof Expr.Present p) {
            return operand(p.operand()) + " PR";
        }
        if (e instanceof Expr.Any any) {
            return "ANY " + any.collection() + "[" + text(any.element()) + "]";
        }
        Expr.Compare c = (Expr.Compare) e;
        return operand(c.operand()) + " " + c.op() + " " + c.literal() + ":" + c.literal().getClass().getSimpleName();
    }

    private static String operand(Operand o) {
        return o instanceof ElementAttr ea ? (ea.sub() == null ? "." : "." + ea.sub().name()) : o.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "userName eq \"Bjensen\"      | userName EQ Bjensen:String",
            "userName ne \"x\"            | NOT userName EQ x:String",
            "userName co \"x\"            | userName CO x:String",
            "userName sw \"x\"            | userName SW x:String",
            "userName ew \"x\"            | userName EW x:String",
            "userName gt \"x\"            | userName GT x:String",
            "userName ge \"x\"            | userName GE x:String",
            "userName lt \"x\"            | userName LT x:String",
            "userName le \"x\"            | userName LE x:String",
            "title pr                     | title PR",
            "name.givenName eq \"B\"      | name.givenName EQ B:String",
            "emails eq \"a@b\"            | ANY emails[.value EQ a@b:String]",
            "emails.type pr               | ANY emails[.type PR]",
            "emails[type eq \"work\" or primary eq true] | ANY emails[(.type EQ work:String OR .primary EQ true:Boolean)]",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 5 | ssn GT 5:Long",
            "meta.created ge \"2026-01-02T04:04:05+01:00\" | meta.created GE 2026-01-02T03:04:05Z:String",
            "not (active eq false) and (title pr or nickName pr) | (NOT active EQ false:Boolean AND (title PR OR nickName PR))",
    })
    void eachOperatorResolvesToItsOwnNode(String filter, String tree) {
        assertThat(text(USERS.parse(filter))).isEqualTo(tree);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "userName eq                                  | Invalid filter 'userName eq': ",
            "nope eq \"x\"                                | nope",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn co \"1\" | co applies to string attributes",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn eq \"1\" | is an integer; the value in",
            "active eq \"yes\"                            | 'active' is boolean; the value in",
            "userName eq 5                                | 'userName' is a string; the value in",
            "userName eq null                             | null is not a valid comparison value in",
            "name eq \"x\"                                | 'name' is complex; compare one of its sub-attributes",
            "password eq \"x\"                            | 'password' is never returned and cannot be filtered or sorted on",
            "meta.resourceType eq \"User\"                | cannot be filtered or sorted on; meta.created and meta.lastModified can",
            "emails[type[value eq \"x\"] pr]               | Invalid filter",
            "title[value eq \"x\"]                        | 'title' is not a multi-valued complex attribute",
            "emails[nope eq \"x\"]                        | Unknown sub-attribute 'nope' of 'emails'",
    })
    void aMistakeIsInvalidFilterAndSaysWhere(String filter, String detail) {
        assertThatThrownBy(() -> USERS.parse(filter)).isInstanceOfSatisfying(ScimException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.scimType()).isEqualTo("invalidFilter");
            assertThat(e.detail()).contains(detail);
        });
    }

    @Test
    void aFilterLongerThanTheLimitIsRefusedBeforeItIsParsedAndAParseErrorSaysWhereInOneLine() {
        String filter = "userName eq \"" + "x".repeat(RequestLimits.MAX_FILTER_LENGTH) + "\"";
        assertThatThrownBy(() -> USERS.parse(filter)).isInstanceOf(ScimException.class)
                .hasMessage("The filter is " + filter.length() + " characters long; at most " + RequestLimits.MAX_FILTER_LENGTH
                        + " are allowed");
        assertThatThrownBy(() -> USERS.parse("userName eq \"x")).isInstanceOfSatisfying(ScimException.class,
                e -> assertThat(e.detail()).startsWith("Invalid filter 'userName eq \"x': ").doesNotContain("start marker")
                        .doesNotContain("\n"));
        assertThat(FilterResolver.firstLine(null)).isEqualTo("syntax error");
        assertThat(FilterResolver.firstLine("Unexpected end (start marker at [Source: x])\nmore")).isEqualTo("Unexpected end");
    }

    @Test
    void tooManyComparisonsAreRefusedAsTooMany() {
        String filter = "userName eq \"x\"" + " or userName eq \"x\"".repeat(200);
        assertThatThrownBy(() -> USERS.parse(filter)).isInstanceOfSatisfying(ScimException.class, e -> {
            assertThat(e.scimType()).isEqualTo("tooMany");
            assertThat(e.detail()).startsWith("The filter has 201 comparisons; at most ");
        });
    }

    @Test
    void negationsAndValueFiltersCountTheirComparisonsAndTheLimitItselfIsAllowed() {
        String fifty = "not (userName eq \"x\")" + " or emails[type eq \"a\" and value eq \"b\"]".repeat(24) + " or title pr";
        assertThat(USERS.parse(fifty)).isInstanceOf(Expr.Or.class);
        assertThatThrownBy(() -> USERS.parse(fifty + " or nickName pr")).isInstanceOfSatisfying(ScimException.class,
                e -> assertThat(e.detail()).startsWith("The filter has 51 comparisons; at most 50 are allowed"));
    }

    @Test
    void sortingNamesOneSimpleAttributeInEitherOrder() {
        assertThat(USERS.sort("name.familyName", "DESCENDING").descending()).isTrue();
        assertThat(USERS.sort("userName", null).descending()).isFalse();
        assertThat(USERS.sort(null, "ascending")).isNull();
        assertThatThrownBy(() -> USERS.sort("userName", "up")).isInstanceOf(ScimException.class)
                .hasMessage("sortOrder must be 'ascending' or 'descending', not 'up'");
        assertThatThrownBy(() -> USERS.sort("name", null)).isInstanceOf(ScimException.class)
                .hasMessage("sortBy 'name' names a complex attribute; name a sub-attribute");
    }
}
