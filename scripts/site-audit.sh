#!/usr/bin/env bash
# Audits the results site with Lighthouse: builds the site from the repository's fixture of recorded
# runs, serves it on a free loopback port, and scores one page of each type (findings, overview,
# compare, scaling, trends, all runs, a run) for performance, accessibility and best practices with
# Lighthouse's default (mobile) settings and Debian's Chromium. Reports go to target/site-audit/.
#   scripts/site-audit.sh                                  # fail when any score is below 95
#   scripts/site-audit.sh --min=90 --fail-on=accessibility,best-practices
# Needs npm (Lighthouse 13 is installed into target/lighthouse, about 10 s); it packages the jar first
# (`./mvnw package -DskipTests`: the site's templates are in it). About 20 s a page on 2 cores;
# performance scores move by a few points with the machine's load: audit on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  echo "options: --min=<0-100> (default 95), --fail-on=<categories> (default performance,accessibility,best-practices), --help"
}
min=95
fail_on=performance,accessibility,best-practices
for arg in "$@"; do
  case "$arg" in
    --min=*) min=${arg#--min=} ;;
    --fail-on=*) fail_on=${arg#--fail-on=} ;;
    -h|--help) usage; exit 0 ;;
    *) echo "site-audit: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $min =~ ^[0-9]+$ ]] && [ "$min" -le 100 ] || { echo "site-audit: --min must be 0 to 100, was '$min'" >&2; exit 2; }
for c in ${fail_on//,/ }; do
  case "$c" in performance|accessibility|best-practices) ;; *) echo "site-audit: unknown category '$c' in --fail-on" >&2; exit 2 ;; esac
done
command -v npm >/dev/null || { echo "site-audit: npm is needed for Lighthouse (apt-get install npm)" >&2; exit 2; }
scripts/install-chromium.sh
./mvnw -B -ntp -q package -DskipTests >/dev/null

out=target/site-audit
rm -rf "$out"
mkdir -p "$out"
java -jar target/idbench.jar site --results=src/test/resources/site-fixture/results --out="$out/site" >"$out/site.log"
npm install --silent --no-audit --no-fund --prefix target/lighthouse lighthouse@13 >/dev/null
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" >"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
curl -fsS --retry 30 --retry-connrefused --retry-delay 1 -o /dev/null "$base/index.html"

run_page=$(cd "$out/site" && ls -d runs/*/*/index.html | head -1)
for page in index.html overview.html compare.html scaling.html trends.html runs.html "$run_page"; do
  name=$(basename "$(dirname "$page")")
  [ "$name" = . ] && name=${page%.html} || name=run
  echo "site-audit: $page…"
  CHROME_PATH=/usr/bin/chromium target/lighthouse/node_modules/.bin/lighthouse "$base/$page" --quiet \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
    --only-categories=performance,accessibility,best-practices --output=json --output=html \
    --output-path="$out/$name"
done

python3 - "$out" "$min" "$fail_on" <<'PY'
import json, pathlib, sys
out, minimum, fail_on = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(",")
categories = ["performance", "accessibility", "best-practices"]
failed = []
print(f"{'page':<10} " + " ".join(f"{c:>15}" for c in categories) + "  total blocking time")
for report in sorted(out.glob("*.report.json")):
    r = json.loads(report.read_text())
    name = report.name.removesuffix(".report.json")
    scores = {c: round(r["categories"][c]["score"] * 100) for c in categories}
    tbt = r["audits"]["total-blocking-time"]["displayValue"]
    print(f"{name:<10} " + " ".join(f"{scores[c]:>15}" for c in categories) + f"  {tbt}")
    failed += [f"{name} {c} {scores[c]}" for c in fail_on if scores[c] < minimum]
if failed:
    print(f"site-audit: below {minimum}: " + "; ".join(failed), file=sys.stderr)
    sys.exit(1)
PY
