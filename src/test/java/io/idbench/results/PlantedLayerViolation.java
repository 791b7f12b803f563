package io.idbench.results;

import io.idbench.site.Site;

/** A dependency the layers forbid (results on the site), planted for ArchitectureTest to prove that it reports one. */
public final class PlantedLayerViolation {
    private PlantedLayerViolation() {
    }

    static Site upwards() {
        return new Site();
    }
}
