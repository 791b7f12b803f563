#!/usr/bin/env bash
# One measured operation: wrk on loopback, then the database's own time per statement from
# pg_stat_statements (reset before the run). Usage: run.sh <port> <pg-port> <op> <seconds>; C=1|10.
set -euo pipefail
P=$1; PG=$2; OP=$3; D=${4:-20}; C=${C:-10}
T=$(( C > 1 ? 2 : 1 ))
psql -q -h 127.0.0.1 -p "$PG" -U postgres -d idbench -c "SELECT pg_stat_statements_reset()" >/dev/null
echo "== $OP c=$C"
THREADS=$T wrk -t$T -c$C -d${D}s -s "$WRK_DIR/$OP.lua" "http://127.0.0.1:$P" | grep requests=
psql -h 127.0.0.1 -p "$PG" -U postgres -d idbench -At -F ' | ' -c "SELECT calls, round(mean_exec_time::numeric, 3) AS mean_ms,
  regexp_replace(left(query, 100), '\s+', ' ', 'g') FROM pg_stat_statements
  WHERE calls > 20 AND query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC, total_exec_time DESC LIMIT 8"
