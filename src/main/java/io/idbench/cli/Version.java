package io.idbench.cli;

import picocli.CommandLine;

/** Reports the jar's Implementation-Version (the Maven project version). */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Idbench.class.getPackage().getImplementationVersion();
        return new String[] {"idbench " + (v == null ? "(development build)" : v)};
    }
}
