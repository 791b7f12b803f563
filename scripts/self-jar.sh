# Sourced by the scripts that compare this build with a copy of itself (aa-checks.sh, detect-trials.sh):
#   check_count <name> <count>   refuses a count outside 1-50 with one line and exit 2
#   self_jar                     packages this build and prints the path of a copy of its jar, removed when the script exits
check_count() {
  [[ $2 =~ ^[1-9][0-9]?$ ]] && [ "$2" -le 50 ] || { echo "$1: count must be 1 to 50, was '$2'" >&2; exit 2; }
}
self_jar() {
  ./mvnw -B -ntp -q package -DskipTests -Didbench.skip=true >/dev/null
  SELF_JAR_DIR=$(mktemp -d)
  trap 'rm -rf "$SELF_JAR_DIR"' EXIT
  cp target/idbench.jar "$SELF_JAR_DIR/idbench-self.jar"
}
