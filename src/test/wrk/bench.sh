#!/usr/bin/env bash
# Interim service-overhead benchmark (until the JMeter plans of issue 7): starts `idbench serve`,
# creates 10,000 identities through the API, VACUUM ANALYZE, then per operation 10 connections
# (and 1) from wrk on 127.0.0.1 with pg_stat_statements beside each run. Bounded: every wrk run
# has a duration; the service is stopped at the end or on failure.
# Needs: wrk and psql (apt-get install wrk postgresql-client), target/idbench.jar.
# Usage: STORAGE=jsonb|relational src/test/wrk/bench.sh
set -euo pipefail
export WRK_DIR=$(cd "$(dirname "$0")" && pwd)
export WORK=${WORK:-/tmp/idbench-wrk}
export TOKEN=bench-token-0123456789
JAR=${JAR:-$WRK_DIR/../../../target/idbench.jar}
mkdir -p "$WORK"; rm -f "$WORK/info.json"
java -jar "$JAR" serve --storage="${STORAGE:-jsonb}" --token=$TOKEN --info-file="$WORK/info.json" > "$WORK/serve.log" 2>&1 &
SERVE=$!
trap 'kill $SERVE 2>/dev/null; wait $SERVE 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do [ -f "$WORK/info.json" ] && break; kill -0 $SERVE || { cat "$WORK/serve.log"; exit 1; }; sleep 1; done
P=$(python3 -c "import json;print(json.load(open('$WORK/info.json'))['port'])")
PG=$(grep -o '127.0.0.1:[0-9]*' "$WORK/serve.log" | head -1 | cut -d: -f2)
cd "$WRK_DIR"
ids() {  # ids of the users matching a filter, to $WORK/$1
python3 - "$1" "$2" <<PY
import json, sys, urllib.request, urllib.parse
ids, start = [], 1
while True:
    url = "http://127.0.0.1:$P/scim/v2/Users?attributes=id&count=1000&startIndex=%d&filter=%s" % (start, urllib.parse.quote(sys.argv[2]))
    d = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": "Bearer $TOKEN"})))
    ids += [r["id"] for r in d["Resources"]]
    if len(d["Resources"]) < 1000: break
    start += 1000
open("$WORK/" + sys.argv[1], "w").write("\n".join(ids) + "\n")
print(sys.argv[1], len(ids))
PY
}
OFFSET=-1 PREFIX=user. LIMIT=10000 wrk -t1 -c10 -d45s -s create.lua "http://127.0.0.1:$P" | grep requests=
ids ids.txt 'userName sw "user."'
psql -q -h 127.0.0.1 -p "$PG" -U postgres -d idbench -c "VACUUM ANALYZE"
wrk -t2 -c10 -d10s -s read.lua "http://127.0.0.1:$P" > /dev/null     # warm-up
wrk -t2 -c10 -d5s -s search.lua "http://127.0.0.1:$P" > /dev/null
for c in 10 1; do
  for op in read search patch; do C=$c ./run.sh "$P" "$PG" $op $(( c == 10 ? 20 : 10 )); done
  PREFIX=bench$c. OFFSET=$(( c * 1000000 )) C=$c ./run.sh "$P" "$PG" create 5
  ids delete-ids.txt "userName sw \"bench$c.\""
  C=$c ./run.sh "$P" "$PG" delete 20
done
