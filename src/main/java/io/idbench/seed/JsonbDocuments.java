package io.idbench.seed;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import io.idbench.common.Json;
import io.idbench.scim.schema.ScimSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;

/**
 * Identity N's document as the JSONB storage keeps it (its canonical body without userName, which has its own column), as
 * UTF-8 JSON text written straight from its attributes with every object's keys in the order jsonb keeps them (shorter
 * first, then by their text). PostgreSQL sorts each object's keys when it parses one, moving its key and value pairs in
 * place, unless they come sorted: those moves were 7 % of the machine in a JSONB load. Written without a tree in
 * between: building each body's tree and sorting its keys was most of the Java side of a load, a third of the machine
 * (docs/figures.md). JsonbDocumentsTest checks each document against {@link IdentityGenerator#body}. One instance
 * writes one document at a time.
 */
final class JsonbDocuments {
    /** jsonb's order for keys whose UTF-8 is one byte a character (the profile's). */
    static final Comparator<String> JSONB_ORDER = Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder());

    // Keys quoted and in UTF-8 once, not for every identity: encoding them was a fifth of the Java side of a load.
    private static final SerializableString NAME = new SerializedString("name");
    private static final SerializableString GIVEN_NAME = new SerializedString("givenName");
    private static final SerializableString FAMILY_NAME = new SerializedString("familyName");
    private static final SerializableString EMAILS = new SerializedString("emails");
    private static final SerializableString TYPE = new SerializedString("type");
    private static final SerializableString VALUE = new SerializedString("value");
    private static final SerializableString PRIMARY = new SerializedString("primary");
    private static final SerializableString USER_TYPE = new SerializedString("userType");
    private static final SerializableString ADDRESSES = new SerializedString("addresses");
    private static final SerializableString REGION = new SerializedString("region");
    private static final SerializableString COUNTRY = new SerializedString("country");
    private static final SerializableString LOCALITY = new SerializedString("locality");
    private static final SerializableString POSTAL_CODE = new SerializedString("postalCode");
    private static final SerializableString STREET_ADDRESS = new SerializedString("streetAddress");
    private static final SerializableString PHONE_NUMBERS = new SerializedString("phoneNumbers");
    private static final SerializableString PROFILE = new SerializedString(ScimSchemas.PROFILE_URN);
    private static final SerializableString SSN = new SerializedString("ssn");
    private static final SerializableString BADGE = new SerializedString("badge");
    private static final SerializableString GENDER = new SerializedString("gender");
    private static final SerializableString BIRTHDAY = new SerializedString("birthday");
    private static final SerializableString BIRTH_PLACE = new SerializedString("birthPlace");
    private static final SerializableString INSTITUTION = new SerializedString("institution");
    private static final SerializableString RECRUITMENT = new SerializedString("recruitment");
    private static final SerializableString ORGANIZATION = new SerializedString("organization");
    private static final SerializableString CONTRACT_LEVEL = new SerializedString("contractLevel");
    private static final SerializableString CONTRACT_START = new SerializedString("contractStart");
    private static final SerializableString QUALIFICATION = new SerializedString("qualification");
    private static final SerializableString ENTERPRISE = new SerializedString(ScimSchemas.ENTERPRISE_URN);
    private static final SerializableString EMPLOYEE_NUMBER = new SerializedString("employeeNumber");

    private final ByteArrayBuilder bytes = new ByteArrayBuilder(2048);
    private final JsonGenerator g;

    JsonbDocuments() {
        try {
            g = Json.mapper().getFactory().createGenerator(bytes, JsonEncoding.UTF8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        g.setRootValueSeparator(null); // one document at a time, nothing between them
    }

    /** Identity N's document, UTF-8. */
    byte[] of(long n) {
        try {
            write(IdentityGenerator.identity(n));
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write identity " + n + "'s document: " + e.getMessage(), e);
        }
        byte[] document = bytes.toByteArray();
        bytes.reset();
        return document;
    }

    /** The keys of every object in {@link #JSONB_ORDER}. */
    private void write(IdentityGenerator.Identity i) throws IOException {
        g.writeStartObject();
        g.writeFieldName(NAME);
        g.writeStartObject();
        field(GIVEN_NAME, i.givenName());
        field(FAMILY_NAME, i.familyName());
        g.writeEndObject();
        g.writeFieldName(EMAILS);
        g.writeStartArray();
        g.writeStartObject();
        field(TYPE, "work");
        field(VALUE, i.email());
        g.writeFieldName(PRIMARY);
        g.writeBoolean(true);
        g.writeEndObject();
        g.writeEndArray();
        field(USER_TYPE, i.userType());
        g.writeFieldName(ADDRESSES);
        g.writeStartArray();
        for (IdentityGenerator.Address a : IdentityGenerator.ADDRESSES) {
            g.writeStartObject();
            field(TYPE, a.type());
            field(REGION, a.region());
            field(COUNTRY, a.country());
            field(LOCALITY, a.locality());
            field(POSTAL_CODE, a.postalCode());
            field(STREET_ADDRESS, a.streetAddress());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName(PHONE_NUMBERS);
        g.writeStartArray();
        g.writeStartObject();
        field(TYPE, "mobile");
        field(VALUE, i.mobile());
        g.writeEndObject();
        g.writeEndArray();
        g.writeFieldName(PROFILE);
        g.writeStartObject();
        g.writeFieldName(SSN);
        g.writeNumber(i.ssn());
        g.writeFieldName(BADGE);
        g.writeNumber(i.badge());
        field(GENDER, i.gender());
        field(BIRTHDAY, i.birthday());
        field(BIRTH_PLACE, i.birthPlace());
        field(INSTITUTION, i.institution());
        field(RECRUITMENT, i.recruitment());
        field(ORGANIZATION, i.organization());
        field(CONTRACT_LEVEL, i.contractLevel());
        field(CONTRACT_START, i.contractStart());
        field(QUALIFICATION, i.qualification());
        g.writeEndObject();
        g.writeFieldName(ENTERPRISE);
        g.writeStartObject();
        field(EMPLOYEE_NUMBER, i.employeeNumber());
        g.writeEndObject();
        g.writeEndObject();
    }

    private void field(SerializableString name, String value) throws IOException {
        g.writeFieldName(name);
        g.writeString(value);
    }
}
