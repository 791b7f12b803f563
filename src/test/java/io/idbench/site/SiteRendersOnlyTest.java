package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The site renders what {@code results/} decided: no page class or template tells a storage, a search engine, a target or a
 * protocol by its name as a string (the typed values — {@code Storage}, {@code SearchMode}, {@code TargetKind},
 * {@code Protocol} — do), so that a new one does not silently take an old one's path. The 2018 study's own names
 * ({@code pgjsonb}) are data it publishes, not idbench's.
 */
class SiteRendersOnlyTest {
    /** A name of idbench's axes as a string literal, or a parameter of them read raw. */
    static final Pattern DISPATCH = Pattern.compile("\"(jsonb|relational|sql|elasticsearch|opensearch|es|os|SCIM|LDAP|keycloak"
            + "|openldap)\"|parameter\\(\"(storage|search|dyn|target)\"\\)");

    @Test
    void noPageClassOrTemplateDispatchesOnAnAxisByName() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path dir : List.of(Path.of("src/main/java/io/idbench/site"), Path.of("site/templates"))) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    List<String> lines = Files.readAllLines(f);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = DISPATCH.matcher(lines.get(i));
                        while (m.find()) {
                            found.add(f + ":" + (i + 1) + ": " + m.group());
                        }
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void theCheckFindsWhatItLooksFor() {
        assertThat(DISPATCH.matcher("r.parameter(\"search\").equals(\"sql\")").results().count()).isEqualTo(2);
        assertThat(DISPATCH.matcher("{% if protocol != \"SCIM\" %}").find()).isTrue();
        assertThat(DISPATCH.matcher("\"SCIM over HTTP\"").find()).isFalse();
    }
}
