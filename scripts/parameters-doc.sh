#!/usr/bin/env bash
# Rewrites docs/parameters.md's table from the declaration of every parameter (src/main/java/io/idbench/config/Parameters.java).
# Run it after changing a parameter; the quick tier's ParametersDocTest fails while the committed table differs.
#   scripts/parameters-doc.sh
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -ntp compile -Didbench.skip=true
java -cp target/classes io.idbench.config.ParametersDoc docs/parameters.md
git --no-pager diff --stat -- docs/parameters.md
