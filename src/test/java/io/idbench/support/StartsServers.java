package io.idbench.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that starts a server or a process (PostgreSQL, a search engine, the service, Keycloak, a build, a browser), or
 * installs one (OpenLDAP's package): left out of the quick tier ({@code ./mvnw -Pquick test}), which runs everything else. Subclasses inherit it. A test that
 * starts one without it fails in the quick tier ({@link QuickTier}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(StartsServers.TAG)
public @interface StartsServers {
    String TAG = "server";
}
