package io.idbench.run;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.io.PrintStream;

/** {@code idbench run --parameters}: every parameter, by role, as its declaration gives it. */
final class ParameterList {
    private ParameterList() {
    }

    static void print(PrintStream out) {
        for (Parameter.Role role : Parameter.Role.values()) {
            out.println(role.id() + ":");
            for (Parameter p : Parameters.where(x -> x.role() == role)) {
                String facts = (p.defaultValue().isEmpty() ? "unset" : "default " + p.defaultValue())
                        + (p.choices().isEmpty() ? "" : "; one of " + String.join(", ", p.choices()))
                        + (p.bounds() == null ? "" : "; " + p.bounds().text())
                        + (p.provisioning() ? "; idbench serve " + p.serveOption() : "");
                out.println("  -D" + p.key() + "  (" + facts + ")");
                out.println("      " + p.plainDescription());
            }
        }
    }
}
