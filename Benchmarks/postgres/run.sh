#!/usr/bin/env bash
# Benchmark (not a test): the baseline rules evaluated inside PostgreSQL over
# 1,000,000 generated patient-weeks (7,000,000 day rows, about 10% of values
# missing, rows in random order), beside the in-process engine's figure
# (Benchmarks/health, one thread).
#
#   Benchmarks/postgres/run.sh [patients]        default 1000000
#   SKIP_IN_PROCESS=1 Benchmarks/postgres/run.sh  only the database figure
#
# A throwaway cluster (Scripts/postgres-cluster.sh) holds the data and is
# deleted at the end. The time is the whole query: reading the table, building
# every window, evaluating every alert, missing readings, sorting the result.
set -euo pipefail
cd "$(dirname "$0")/../.."
patients="${1:-1000000}"
source Scripts/postgres-cluster.sh
PLANNER_PG_SETTINGS="-c work_mem=256MB -c shared_buffers=512MB -c max_wal_size=4GB -c jit=off" \
  postgres_cluster_start
trap postgres_cluster_stop EXIT

swift build --product planner >/dev/null
"$(swift build --show-bin-path)/planner" rules sql baseline --unique-days > "$PLANNER_PG_DIR/query.sql"

now() { date +%s.%N; }
load_start=$(now)
psql -X -q -v ON_ERROR_STOP=1 "$PLANNER_TEST_DATABASE" <<SQL
CREATE UNLOGGED TABLE readings (
  patient_id text NOT NULL, day date NOT NULL, weight numeric, systolic numeric, diastolic numeric,
  sugar numeric, symptoms text);
SELECT setseed(0.2026) AS seed \gset
INSERT INTO readings
SELECT 'p' || lpad(p::text, 7, '0'), DATE '2026-03-01' + d,
  CASE WHEN random() < 0.9 THEN 150 + p % 60 + round((random() * 4)::numeric, 1) END,
  CASE WHEN random() < 0.9 THEN 110 + p % 20 + CASE WHEN d = 6 AND p % 7 = 0 THEN 13 ELSE 0 END END,
  CASE WHEN random() < 0.9 THEN 70 + p % 15 END,
  CASE WHEN random() < 0.9 THEN CASE WHEN d = 6 AND p % 5 = 0 THEN 110 ELSE 100 END END,
  NULL
FROM generate_series(1, $patients) AS p, generate_series(0, 6) AS d
ORDER BY random();
ALTER TABLE readings ADD PRIMARY KEY (patient_id, day);
ANALYZE readings;
SQL
load_end=$(now)
rows=$(psql -X -At "$PLANNER_TEST_DATABASE" -c "SELECT count(*) FROM readings")

query_start=$(now)
mix=$(psql -X -At -F ' ' "$PLANNER_TEST_DATABASE" \
  -c "SELECT verdict, count(*) FROM ($(cat "$PLANNER_PG_DIR/query.sql")) AS v GROUP BY verdict ORDER BY verdict" \
  | tr '\n' ',' | sed 's/,$//; s/,/, /g')
query_end=$(now)

seconds=$(echo "$query_end - $query_start" | bc -l)
version=$(psql -X -At "$PLANNER_TEST_DATABASE" -c "SHOW server_version")
printf 'postgres-bench: baseline rules in PostgreSQL %s, %s patient-weeks (%s rows, loaded in %.1f s)\n' \
  "$version" "$patients" "$rows" "$(echo "$load_end - $load_start" | bc -l)"
printf '  one query, whole population        %.1f s, %.0f patient-weeks/s\n' \
  "$seconds" "$(echo "$patients / $seconds" | bc -l)"
echo "  verdict mix: $mix"
if [ -z "${SKIP_IN_PROCESS:-}" ]; then
  echo "in-process engine for comparison (Benchmarks/health):"
  bash Benchmarks/health/run.sh "$patients" | sed 's/^/  /'
fi
