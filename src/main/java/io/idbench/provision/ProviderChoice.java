package io.idbench.provision;

import io.idbench.config.Provider;

/** What a configured {@link Provider} means on this machine, and why ({@code auto} resolved). */
public record ProviderChoice(Provider provider, String why) {

    /** Resolves {@code auto}; the other providers stand as chosen. */
    public static ProviderChoice choose(Provider configured, boolean urlGiven, String urlOption) {
        if (configured != Provider.AUTO) {
            return new ProviderChoice(configured, "chosen explicitly");
        }
        if (urlGiven) {
            return new ProviderChoice(Provider.EXTERNAL, "auto: " + urlOption + " given");
        }
        ContainerEngine.Availability engine = ContainerEngine.probe();
        return engine.available() ? new ProviderChoice(Provider.TESTCONTAINERS, "auto: " + engine.reason())
                : new ProviderChoice(Provider.EMBEDDED, "auto: " + engine.reason());
    }
}
