package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Keycloak team's published figures, read from the site's reference file, beside idbench's (none run yet here). */
class KeycloakTeamTableTest {

    @Test
    void theirFiguresAndRatiosStandBesideWhatIdbenchHasNotRunYet() {
        Table t = KeycloakTeamTable.table("keycloak-team-published", List.of());
        assertThat(t.header()).isEqualTo(KeycloakTeamTable.COLUMNS);
        assertThat(t.rows()).hasSize(5);
        assertThat(t.rows().get(0)).containsExactly("Read user by id (user-get, #51400)", "200k", "4.30", "1.00", "4.30 ×", "not run",
                "not run", "", "SCIM +330 %; CPU-bound, over half in cloning user-profile metadata");
        assertThat(t.rows().get(2).subList(0, 5)).containsExactly("Search by employeeNumber (user-search-attr, #51400)", "200k", "524",
                "16.0", "32.8 ×");
        // The userName search grows from 50k to 200k: their ratio is a growth, from the smaller size's row.
        assertThat(t.rows().get(4).subList(0, 5)).containsExactly("Search by userName (userName eq, #51401)", "200k", "191", "",
                "+275 % from 50k");
        assertThat(t.rows().get(3).get(4)).isEmpty();
    }

    @Test
    void everyPublishedOperationIsOneOfPlanSixs() {
        assertThat(KeycloakTeamTable.published()).extracting(KeycloakTeamTable.Published::operation).allMatch(op -> List.of(
                "Read user by id", "List 100 users", "Search by userName", "Search by e-mail", "Search by employeeNumber").contains(op));
    }
}
