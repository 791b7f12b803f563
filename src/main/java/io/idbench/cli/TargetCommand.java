package io.idbench.cli;

import java.util.concurrent.Callable;

/**
 * A command that provisions a benchmark target and serves it until stopped ({@code serve}, {@code keycloak},
 * {@code openldap}): a run starts it as a child process with the options its prepare step parsed and checked here first.
 */
public interface TargetCommand extends Callable<Integer> {
    /** Validates the parsed options as the command would before starting anything: the same messages as on the command line. */
    void check();
}
