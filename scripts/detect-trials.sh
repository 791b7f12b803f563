#!/usr/bin/env bash
# Trials of a planned comparison: this build against a copy of itself, side B with a calibration handicap or none, each one
# `./mvnw verify -Dversus.detect=<target>` (forks and rounds chosen for the target), one after the other. With a handicap
# every trial should find it; without one (A/A) none should flag anything. Prints one line per trial: what the primary
# figures did, what it could have seen, how many figures it flagged, its wall time; exits non-zero if a build failed.
#   scripts/detect-trials.sh <count> <handicap|none> [extra Maven arguments…]
#   scripts/detect-trials.sh 10 any:30us                                  # A/B: found in at least 9 of 10?
#   scripts/detect-trials.sh 10 none                                      # A/A: at most 1 of 10 flags anything?
#   scripts/detect-trials.sh 3 update:60us -Dversus.detect=5% -Dversus.mode=interleaved
#   scripts/detect-trials.sh 1 update:300us:wait '-Dversus.primary=Update existing user p50,Update existing user p95'
#                                                                         # one operation slower (waits), judged on it
# Defaults: -Dscenario=jsonb-nodyn-1k -Dversus.mode=duet -Dversus.detect=5% (each is overridden by the same argument
# given after the handicap). Runs are recorded in results/<scenario>/trial-<stamp>-<n>/; logs in target/.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/detect-trials.sh <count 1-50> <handicap|none> [maven args…]" >&2; exit 2; }
[ $# -ge 2 ] || usage
case "$1" in -h|--help) usage ;; esac
. scripts/self-jar.sh
check_count detect-trials "$1"
count=$1; handicap=$2; shift 2
[[ $handicap == none || $handicap =~ ^[a-z]+:[0-9.]+(us|ms|%)(:wait)?$ ]] \
  || { echo "detect-trials: handicap must be none or <operation>:<amount>[:wait] (e.g. any:30us, update:10%, update:300us:wait), was '$handicap'" >&2; exit 2; }
self_jar
copy=$SELF_JAR_DIR/idbench-self.jar
extra=()
[ "$handicap" = none ] || extra+=("-Dversus.handicap=$handicap")
stamp=$(date -u +%Y%m%d-%H%M%S)
failed=0
for n in $(seq 1 "$count"); do
  id="trial-$stamp-$n"
  log="target/$id.log"
  echo "detect-trials: $n of $count ($id, handicap $handicap, log $log)…"
  start=$(date +%s)
  if ./mvnw -B -ntp verify -DskipTests -Didbench.shade.skip=true -Dscenario=jsonb-nodyn-1k -Dversus.mode=duet \
      -Dversus.detect=5% -Dversus.jar="$copy" "${extra[@]}" "$@" -DrunId="$id" >"$log" 2>&1; then
    minutes=$(( ($(date +%s) - start + 30) / 60 ))
    plan=$(grep -h 'versus.detect=' "$log" | head -1 | sed 's/^\[idbench\] //' | cut -c1-120)
    verdict=$(grep -h 'against A: primary figures\|against B: primary figures' "$log" | sed 's/^\[idbench\] //' | cut -c1-140)
    seen=$(grep -h 'could have seen changes of' "$log" | sed -E 's/.*could have seen changes of ([^(]*)\(.*/\1/')
    echo "  $verdict"
    echo "  could have seen: $seen; $minutes min; $plan"
  else
    echo "detect-trials: $id failed, see $log" >&2
    failed=1
  fi
done
exit $failed
