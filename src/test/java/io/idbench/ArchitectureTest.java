package io.idbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package layers of docs/architecture.md: every top-level package of idbench depends one way
 * (no cycle between them), the shared helpers in {@code common} depend on nothing of idbench, the
 * rules of groups ({@code membership}) sit below the stores, and the analysis of records
 * ({@code results}) depends on neither the running service nor the run steps.
 */
class ArchitectureTest {
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.idbench");
    }

    @Test
    void topLevelPackagesAreFreeOfCycles() {
        slices().matching("io.idbench.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void commonDependsOnNoOtherPackageOfIdbench() {
        noClasses().that().resideInAPackage("io.idbench.common..").should().dependOnClassesThat()
                .resideOutsideOfPackages("io.idbench.common..", "java..", "com.fasterxml..").check(main);
    }

    @Test
    void membershipRulesDependOnNeitherTheStoresNorTheirCallers() {
        noClasses().that().resideInAPackage("io.idbench.membership..").should().dependOnClassesThat()
                .resideInAnyPackage("io.idbench.store..", "io.idbench.search..", "io.idbench.seed..", "io.idbench.service..")
                .check(main);
    }

    @Test
    void recordsAreAnalysedWithoutTheServiceTheProvidersOrTheRunSteps() {
        noClasses().that().resideInAPackage("io.idbench.results..").should().dependOnClassesThat()
                .resideInAnyPackage("io.idbench.service..", "io.idbench.provision..", "io.idbench.run..", "io.idbench.cli..",
                        "io.idbench.site..", "io.idbench.store..")
                .check(main);
    }

    @Test
    void otherProductsAreProvisionedAndSeededWithoutIdbenchsServiceOrTheRunSteps() {
        noClasses().that().resideInAPackage("io.idbench.targets..").should().dependOnClassesThat()
                .resideInAnyPackage("io.idbench.service..", "io.idbench.store..", "io.idbench.run..", "io.idbench.cli..",
                        "io.idbench.site..")
                .check(main);
    }
}
