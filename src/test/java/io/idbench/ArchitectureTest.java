package io.idbench;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.idbench.results.PlantedLayerViolation;
import io.idbench.seed.provisioning.IntendedState;
import io.idbench.seed.provisioning.ScheduleFiles;
import io.idbench.seed.provisioning.Step;
import io.idbench.site.Site;
import io.idbench.targets.ProvisioningAudit;
import io.idbench.targets.ldap.LdapIdentity;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/architecture.md, held: which package may use which (a layer only the ones its drawing puts below it),
 * no cycle between packages, and the rules the document states per package.
 */
class ArchitectureTest {
    private static JavaClasses main;

    /** docs/architecture.md's drawing, top to bottom: a layer may be used only by the layers named. */
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("run").definedBy("io.idbench.run..")
            .layer("cli").definedBy("io.idbench.cli..")
            .layer("site").definedBy("io.idbench.site..")
            .layer("service").definedBy("io.idbench.service..")
            .layer("targets").definedBy("io.idbench.targets..")
            .layer("plans").definedBy("io.idbench.plans..")
            .layer("results").definedBy("io.idbench.results..")
            .layer("seed").definedBy("io.idbench.seed..")
            .layer("search").definedBy("io.idbench.search..")
            .layer("store").definedBy("io.idbench.store..")
            .layer("telemetry").definedBy("io.idbench.telemetry..")
            .layer("provision").definedBy("io.idbench.provision..")
            .layer("membership").definedBy("io.idbench.membership..")
            .layer("scim").definedBy("io.idbench.scim..")
            .layer("record").definedBy("io.idbench.record..")
            .layer("config").definedBy("io.idbench.config..")
            .layer("common").definedBy("io.idbench.common..")
            .whereLayer("run").mayNotBeAccessedByAnyLayer()
            .whereLayer("cli").mayOnlyBeAccessedByLayers("run")
            .whereLayer("site").mayOnlyBeAccessedByLayers("cli", "run")
            .whereLayer("service").mayOnlyBeAccessedByLayers("cli", "run")
            .whereLayer("targets").mayOnlyBeAccessedByLayers("cli", "run")
            .whereLayer("plans").mayNotBeAccessedByAnyLayer()
            .whereLayer("results").mayOnlyBeAccessedByLayers("site", "cli", "run")
            .whereLayer("seed").mayOnlyBeAccessedByLayers("targets", "cli", "run")
            .whereLayer("search").mayOnlyBeAccessedByLayers("service", "cli")
            .whereLayer("store").mayOnlyBeAccessedByLayers("search", "seed", "service", "cli")
            .whereLayer("telemetry").mayOnlyBeAccessedByLayers("results", "service", "cli", "run")
            .whereLayer("provision").mayOnlyBeAccessedByLayers("telemetry", "seed", "targets", "cli", "run")
            .whereLayer("membership").mayOnlyBeAccessedByLayers("store", "seed", "service")
            .whereLayer("scim").mayOnlyBeAccessedByLayers("membership", "store", "search", "seed", "service", "targets", "cli")
            .whereLayer("record").mayOnlyBeAccessedByLayers("provision", "telemetry", "search", "seed", "results", "targets",
                    "service", "site", "cli", "run")
            .whereLayer("config").mayOnlyBeAccessedByLayers("common", "record", "scim", "membership", "provision", "telemetry",
                    "store", "search", "seed", "results", "targets", "service", "site", "cli", "run")
            .whereLayer("common").mayOnlyBeAccessedByLayers("record", "scim", "membership", "provision", "telemetry", "store",
                    "search", "seed", "results", "targets", "service", "site", "cli", "run");

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.idbench");
    }

    @Test
    void thePackagesKeepTheirLayers() {
        LAYERS.check(main);
    }

    @Test
    void aDependencyUpwardsBreaksTheLayers() {
        // results may not use the site (the site reads results): a class doing so is reported.
        assertThat(LAYERS.evaluate(new ClassFileImporter().importClasses(PlantedLayerViolation.class, Site.class)).hasViolation())
                .isTrue();
    }

    @Test
    void topLevelPackagesAreFreeOfCycles() {
        slices().matching("io.idbench.(*)..").should().beFreeOfCycles().check(main);
    }

    /** What pom.xml packs into the samplers' jar for JMeter (its includes), with their nested classes. */
    private static final DescribedPredicate<JavaClass> IN_SAMPLERS_JAR = DescribedPredicate.describe("in the samplers' jar",
            ArchitectureTest::inSamplersJar);

    private static boolean inSamplersJar(JavaClass type) {
        JavaClass c = type.isArray() ? type.getBaseComponentType() : type;
        return Stream.of("io.idbench.targets.ldap.jmeter", "io.idbench.targets.scim.jmeter", "io.idbench.plans.jmeter")
                .anyMatch(c.getPackageName()::equals)
                || Stream.of(LdapIdentity.class, ProvisioningAudit.class, Step.class, IntendedState.class, ScheduleFiles.class)
                        .anyMatch(t -> c.getName().equals(t.getName()) || c.getName().startsWith(t.getName() + "$"));
    }

    /** The samplers' jar for JMeter has only JMeter, the UnboundID SDK, Jackson and JDBC (pgjdbc's driver) beside it. */
    @Test
    void theSamplersNeedNothingOfIdbenchButTheirJar() {
        classes().that(IN_SAMPLERS_JAR).should()
                .onlyDependOnClassesThat(resideInAnyPackage("java..", "javax.management..", "com.unboundid..", "com.fasterxml.jackson..",
                        "org.apache.jmeter..")
                        .or(IN_SAMPLERS_JAR))
                .because("target/idbench-*-jmeter.jar holds the classes pom.xml's jmeter-samplers execution includes, no more")
                .check(main);
    }

    @Test
    void commonAndConfigDependOnNoOtherPackageOfIdbench() {
        noClasses().that().resideInAnyPackage("io.idbench.common..", "io.idbench.config..").should().dependOnClassesThat()
                .resideOutsideOfPackages("io.idbench.common..", "io.idbench.config..", "java..", "com.fasterxml..",
                        "io.soabase.recordbuilder..")
                .check(main);
    }

    @Test
    void theRecordIsTypesThatRunNothing() {
        noClasses().that().resideInAPackage("io.idbench.record").should().dependOnClassesThat()
                .resideOutsideOfPackages("io.idbench.record..", "io.idbench.common..", "io.idbench.config..", "java.lang..",
                        "java.util..", "java.time..", "java.io..", "java.nio.file..", "com.fasterxml..", "io.soabase.recordbuilder..")
                .check(main);
    }

    @Test
    void scimIsTheProtocolWithoutIo() {
        noClasses().that().resideInAPackage("io.idbench.scim..").should().dependOnClassesThat()
                .resideInAnyPackage("java.sql..", "java.net..", "java.nio.file..", "java.io..", "io.javalin..", "org.hibernate..",
                        "jakarta.persistence..")
                .check(main);
    }
}
