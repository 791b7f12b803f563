package io.idbench.service;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The oracle's checks on every storage, with its own SQL and behind each engine. */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storagesAndSearchModes")
class OracleTest extends OracleChecks {
}
