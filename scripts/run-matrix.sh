#!/usr/bin/env bash
# Runs every scenario of a matrix list in sequence, one `./mvnw verify` each, on one machine.
#   scripts/run-matrix.sh <matrix> [extra Maven arguments…]
#   scripts/run-matrix.sh small                      # parameters/matrix/small.txt
#   scripts/run-matrix.sh 2018 -Drepeat=3 -Dresults=/srv/idbench/results
#   scripts/run-matrix.sh --list nightly             # only print the scenarios, one per line (the Jenkinsfile's stages)
#   scripts/run-matrix.sh --shard 2/3 --list nightly # the second of three agents' share: scenarios 2, 5, 8, … of the list
# A list holds scenario names (parameters/<name>.properties), '#' comments, and '@<list>' to include
# another list. A failing scenario does not stop the matrix; the script exits non-zero if any failed,
# and each run is recorded (complete, failed or interrupted) in results/<scenario>/<run-id>/.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/run-matrix.sh [--shard <i>/<n>] [--list] <matrix> [maven args…]; matrices: $(cd parameters/matrix && ls *.txt | sed 's/\.txt$//' | tr '\n' ' ')" >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage ;; esac
list=false; shard=1; shards=1
if [ "$1" = --shard ]; then
  [ $# -ge 2 ] || usage
  [[ $2 =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] \
    || { echo "run-matrix: --shard must be <i>/<n> with 1 <= i <= n, was '$2'" >&2; exit 2; }
  shard=${BASH_REMATCH[1]}; shards=${BASH_REMATCH[2]}; shift 2; [ $# -ge 1 ] || usage
fi
if [ "$1" = --list ]; then list=true; shift; [ $# -ge 1 ] || usage; fi
matrix=$1; shift

expand() {
  local file="parameters/matrix/$1.txt"
  [ -f "$file" ] || { echo "run-matrix: no matrix '$1' ($file does not exist)" >&2; exit 2; }
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$file" | while read -r entry; do
    [ -z "$entry" ] && continue
    if [[ $entry == @* ]]; then expand "${entry#@}"; else
      [ -f "parameters/$entry.properties" ] || { echo "run-matrix: $file names '$entry', but parameters/$entry.properties does not exist" >&2; exit 2; }
      echo "$entry"; fi
  done
}
scenarios=$(expand "$matrix")
[ -n "$scenarios" ] || { echo "run-matrix: matrix '$matrix' is empty" >&2; exit 2; }
# Agent i of n takes every n-th scenario from the i-th on: the shares differ by one scenario at most, and the long ones
# (listed together) are spread over the agents.
scenarios=$(awk -v i="$shard" -v n="$shards" '(NR - i) % n == 0' <<<"$scenarios")
# More agents than scenarios: the last ones have nothing to run, which is no failure.
[ -n "$scenarios" ] || { echo "run-matrix: share $shard/$shards of matrix '$matrix' is empty (it has fewer scenarios)" >&2; exit 0; }
if $list; then echo "$scenarios"; exit 0; fi
total=$(wc -w <<<"$scenarios"); i=0; failed=()
# The jar is built once; each scenario then runs the benchmark phases only.
./mvnw -B -ntp -q package -DskipTests
# The time it will take, stated before it is spent: each scenario's newest recorded run (-Dresults=<dir> if given).
results=results
for a in "$@"; do case "$a" in -Dresults=*) results=${a#-Dresults=} ;; esac; done
# shellcheck disable=SC2086 # one scenario per word
java -jar target/idbench.jar estimate --results="$results" $scenarios
for s in $scenarios; do
  i=$((i + 1)); echo "=== [$i/$total] $s ($(date -u +%H:%M:%S))"
  if ! ./mvnw -B -ntp verify -DskipTests -Dscenario="$s" "$@"; then failed+=("$s"); fi
done
echo "=== matrix $matrix: $((total - ${#failed[@]})) of $total scenarios passed${failed:+; failed: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
