#!/usr/bin/env bash
# Runs every scenario of a matrix list in sequence, in one program (java -jar target/idbench.jar run --matrix), on one machine.
#   scripts/run-matrix.sh <matrix> [-D… and -P… arguments for every scenario]
#   scripts/run-matrix.sh small                      # parameters/matrix/small.txt
#   scripts/run-matrix.sh 2018 -Drepeat=3 -Dresults=/srv/idbench/results
#   scripts/run-matrix.sh --list nightly             # only print the scenarios, one per line (the Jenkinsfile's stages)
#   scripts/run-matrix.sh --shard 2/3 --list nightly # the second of three agents' share: scenarios 2, 5, 8, … of the list
# A list holds scenario names (parameters/<name>.properties), '#' comments, and '@<list>' to include
# another list. A failing scenario does not stop the matrix; the script exits non-zero if any failed,
# and each run is recorded (complete, failed or interrupted) in results/<scenario>/<run-id>/.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/run-matrix.sh [--shard <i>/<n>] [--list] <matrix> [-D…/-P… arguments]; matrices: $(cd parameters/matrix && ls *.txt | sed 's/\.txt$//' | tr '\n' ' ')" >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage ;; esac
options=()
if [ "$1" = --shard ]; then
  [ $# -ge 2 ] || usage
  options+=("--shard=$2"); shift 2; [ $# -ge 1 ] || usage
fi
if [ "$1" = --list ]; then options+=(--list); shift; [ $# -ge 1 ] || usage; fi
matrix=$1; shift
# The jar is built (and JMeter set up) once, quietly, unless it is only a listing of a built project; then one program runs
# every scenario in one JVM: `idbench run --matrix`, which validates them all first and prints the expected time.
if [[ " ${options[*]-} " != *" --list "* ]] || [ ! -f target/idbench.jar ]; then
  ./mvnw -B -ntp -q package -DskipTests
fi
exec java -jar target/idbench.jar run --matrix="$matrix" "${options[@]}" "$@"
