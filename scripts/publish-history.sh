#!/usr/bin/env bash
# Adds a machine's recorded runs to the history store: the `history` branch of this repository,
# laid out as machines/<machine>/<scenario>/<run-id>/ (summary.json, JTLs, dashboards, service log).
# Runs already there are left as they are; the commit is pushed to origin unless --no-push.
# The GitHub Pages workflow (.github/workflows/site.yml) builds the site from that branch.
#   scripts/publish-history.sh <machine> [results-dir] [--no-push]
#   scripts/publish-history.sh jenkins-epyc-2c /var/lib/idbench/history/results
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/publish-history.sh <machine> [results-dir (default: results)] [--no-push]" >&2; exit 2; }
push=true; args=()
for a in "$@"; do case "$a" in --no-push) push=false ;; -h|--help) usage ;; *) args+=("$a") ;; esac; done
[ ${#args[@]} -ge 1 ] && [ ${#args[@]} -le 2 ] || usage
machine=${args[0]}; results=${args[1]:-results}
[[ $machine =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || { echo "publish-history: the machine name '$machine' must be letters, digits, '.', '_' or '-'" >&2; exit 2; }
[ -d "$results" ] || { echo "publish-history: no results directory $results" >&2; exit 2; }
results=$(cd "$results" && pwd)

work=$(mktemp -d); trap 'git worktree remove --force "$work" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
if git fetch -q origin history 2>/dev/null; then
  git worktree add -q --detach "$work" FETCH_HEAD
elif git rev-parse -q --verify refs/heads/history >/dev/null; then
  git worktree add -q --detach "$work" history
else
  git worktree add -q --detach "$work" HEAD
  (cd "$work" && git checkout -q --orphan history-new && git rm -rfq . && printf '%s\n' \
    "# idbench history" "Recorded runs, machines/<machine>/<scenario>/<run-id>/, added by scripts/publish-history.sh." > README.md)
fi
added=0
for run in "$results"/*/*/; do
  [ -f "$run/summary.json" ] || continue
  rel=${run#"$results"/}; target="$work/machines/$machine/${rel%/}"
  [ -e "$target" ] && continue
  mkdir -p "$target" && cp -R "$run". "$target/" && added=$((added + 1))
done
if [ $added -eq 0 ]; then echo "publish-history: no new run in $results"; exit 0; fi
(cd "$work" && git add -A && git commit -qm "History: $added new runs of $machine" && git branch -f history HEAD)
echo "publish-history: $added new runs of $machine committed to the history branch"
if $push; then git push -q origin history && echo "publish-history: pushed to origin/history"; fi
