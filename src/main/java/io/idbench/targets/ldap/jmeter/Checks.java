package io.idbench.targets.ldap.jmeter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPResult;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.controls.PostReadResponseControl;
import com.unboundid.ldap.sdk.controls.SimplePagedResultsControl;
import java.io.UncheckedIOException;
import java.util.Objects;

/** What several operations share: reading the SCIM body they are given, checking the entry a write answers with, counting. */
final class Checks {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Paged results (RFC 2696) of this many DNs when every match is counted. */
    static final int COUNT_PAGE = 1000;

    private Checks() {
    }

    static JsonNode json(String body) {
        try {
            return JSON.readTree(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException("the sampler's SCIM body is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The post-read control's entry (RFC 4527) of a write must carry attribute = expected; null if it does, else why not. */
    static String postRead(LDAPResult result, String attribute, String expected, String what) throws LDAPException {
        PostReadResponseControl read = PostReadResponseControl.get(result);
        String actual = read == null ? null : read.getEntry().getAttributeValue(attribute);
        return Objects.equals(actual, expected) ? null : what + ": " + attribute + " is " + actual + ", not " + expected;
    }

    /** The entry a write answered with (post-read control), or null. */
    static Entry readBack(LDAPResult result) throws LDAPException {
        PostReadResponseControl read = PostReadResponseControl.get(result);
        return read == null ? null : read.getEntry();
    }

    /**
     * The number of entries under base matching filter. LDAP has no count, and slapd gives no estimate: every match's DN is
     * listed, no attribute, a page at a time (paged results, RFC 2696), and counted.
     */
    static long count(LDAPConnection c, String base, Filter filter) throws LDAPException {
        SimplePagedResultsControl more = null;
        long counted = 0;
        while (true) {
            SearchRequest search = new SearchRequest(base, SearchScope.ONE, filter, "1.1");
            search.addControl(new SimplePagedResultsControl(COUNT_PAGE, more == null ? null : more.getCookie()));
            SearchResult result = c.search(search);
            counted += result.getEntryCount();
            more = SimplePagedResultsControl.get(result);
            if (more == null || !more.moreResultsToReturn()) {
                return counted;
            }
        }
    }
}
