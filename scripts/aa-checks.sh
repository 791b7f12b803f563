#!/usr/bin/env bash
# Runs A/A checks: this build against a copy of its own jar, interleaved, one `./mvnw verify` each.
# Nothing differs but the two service processes, so a figure flagged is a false alarm, and every
# check recorded teaches later interleaved verdicts of the scenario how much two service processes
# of one build differ (docs/measurement.md, "What the rounds cannot cancel").
#   scripts/aa-checks.sh <count> [extra Maven arguments…]
#   scripts/aa-checks.sh 3                                    # jsonb-nodyn-1k, 10 rounds of 10 s each
#   scripts/aa-checks.sh 5 -Dscenario=relational-nodyn-10k   # another scenario
# Each check takes about 10 minutes on 2 cores and is recorded in results/<scenario>/aa-<stamp>-<n>/;
# the script prints each verdict's summary line and exits non-zero if a build failed.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/aa-checks.sh <count 1-50> [maven args…]" >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage ;; esac
. scripts/self-jar.sh
check_count aa-checks "$1"
count=$1; shift
self_jar
copy=$SELF_JAR_DIR/idbench-self.jar
stamp=$(date -u +%Y%m%d-%H%M%S)
failed=0
for n in $(seq 1 "$count"); do
  id="aa-$stamp-$n"
  log="target/$id.log"
  echo "aa-checks: $n of $count ($id, log $log)…"
  if ./mvnw -B -ntp verify -DskipTests -Dscenario=jsonb-nodyn-1k -Drepeat=10 -Dduration=10 "$@" \
      -Dversus.jar="$copy" -DrunId="$id" >"$log" 2>&1; then
    grep -h 'B against A:' "$log" || true
  else
    echo "aa-checks: $id failed, see $log" >&2
    failed=1
  fi
done
exit $failed
