#!/usr/bin/env bash
# Benchmark (not a test): the job queue (docs/service.md). Generates N household
# plans (default 300: food plans of 1 to 7 days, each household its own energy,
# protein and fibre goals and food limits), enqueues them all, then drains the
# queue with 1 worker, and again with 2 workers (one thread each), and prints
# the throughput and the database's load per job: statements
# (pg_stat_statements), WAL bytes, and bytes stored.
#
#   Benchmarks/queue/run.sh [households]
#
# A throwaway cluster (Scripts/postgres-cluster.sh) holds the queue and is
# deleted at the end. PLANNER_BIN names a planner binary to use instead of a
# release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
households="${1:-300}"
root="$(pwd)"
source Scripts/postgres-cluster.sh
PLANNER_PG_SETTINGS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" \
  postgres_cluster_start
trap postgres_cluster_stop EXIT
db="$PLANNER_TEST_DATABASE"
if [ -z "${PLANNER_BIN:-}" ]; then
  swift build -c release --product planner >/dev/null
  PLANNER_BIN="$(swift build -c release --show-bin-path)/planner"
fi
work="$PLANNER_PG_DIR/households"
mkdir -p "$work"
echo "household,file" > "$work/households.csv"
for i in $(seq 1 "$households"); do
  days=$(( i % 7 + 1 ))
  energy=$(( 1600 + (i * 37) % 1000 ))
  protein=$(( 60 + (i * 13) % 50 ))
  fiber=$(( 25 + i % 10 ))
  lentils=$(( 100 + (i * 7) % 100 ))
  cat > "$work/h$i.plan" <<PLAN
include "$root/Examples/pantry.plan"
goal needs "Household $i" {
  energy $energy...$(( energy + 400 )) kcal per day
  protein >= $protein g per day
  fiber >= $fiber g per day
  sodium <= 2300 mg per day
  calcium >= 1000 mg per day
  iron >= 18 mg per day
  vitamin_c >= 90 mg per day
}
plan household_$i "Household $i" {
  days $days
  goal needs
  limit lentils <= $lentils g
  limit black_beans <= 150 g
  limit oats <= 120 g
  limit peanut_butter <= 40 g
  limit spinach <= 200 g
  limit potatoes <= 500 g
  minimize cost
}
PLAN
  echo "h-$i,h$i.plan" >> "$work/households.csv"
done
psql -X -q "$db" -c "CREATE EXTENSION pg_stat_statements"
"$PLANNER_BIN" db init --database "$db" >/dev/null
now() { date +%s.%N; }

run() {
  local workers="$1"
  psql -X -q "$db" -c "TRUNCATE planner_queue.jobs, planner_queue.results, planner_queue.plan_sources RESTART IDENTITY CASCADE"
  local enqueue_start enqueue_end
  enqueue_start=$(now)
  "$PLANNER_BIN" enqueue --database "$db" --households "$work/households.csv" >/dev/null
  enqueue_end=$(now)
  psql -X -q "$db" -c "SELECT pg_stat_statements_reset()" >/dev/null
  local wal_start
  wal_start=$(psql -X -At "$db" -c "SELECT pg_current_wal_lsn()")
  local start end
  start=$(now)
  for w in $(seq 1 "$workers"); do
    "$PLANNER_BIN" worker --database "$db" --drain --name "w$w" > "$PLANNER_PG_DIR/worker$w.log" &
  done
  wait
  end=$(now)
  local done statements wal stored json solve load
  done=$(psql -X -At "$db" -c "SELECT count(*) FROM planner_queue.results")
  statements=$(psql -X -At "$db" -c \
    "SELECT sum(calls) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'")
  wal=$(psql -X -At "$db" -c "SELECT pg_current_wal_lsn() - '$wal_start'::pg_lsn")
  stored=$(psql -X -At "$db" -c \
    "SELECT pg_total_relation_size('planner_queue.results') + pg_total_relation_size('planner_queue.jobs')")
  json=$(psql -X -At "$db" -c "SELECT round(avg(octet_length(plan_json))) FROM planner_queue.results")
  solve=$(psql -X -At "$db" -c "SELECT round(avg(solve_seconds)::numeric * 1000, 1) FROM planner_queue.results")
  load=$(psql -X -At "$db" -c "SELECT round(avg(load_seconds)::numeric * 1000, 1) FROM planner_queue.results")
  local seconds
  seconds=$(echo "$end - $start" | bc -l)
  printf '  %d worker%s: %s jobs in %.2f s, %.1f jobs/s (%.0f jobs/hour); enqueue %.2f s\n' \
    "$workers" "$([ "$workers" = 1 ] && echo "" || echo "s")" "$done" "$seconds" \
    "$(echo "$done / $seconds" | bc -l)" "$(echo "$done * 3600 / $seconds" | bc -l)" \
    "$(echo "$enqueue_end - $enqueue_start" | bc -l)"
  printf '    per job: load %s ms, solve and JSON %s ms (worker-side means); %.1f statements, %.0f WAL bytes, %.0f bytes stored, plan JSON %s bytes\n' \
    "$load" "$solve" "$(echo "$statements / $done" | bc -l)" "$(echo "$wal / $done" | bc -l)" \
    "$(echo "$stored / $done" | bc -l)" "$json"
}

version=$(psql -X -At "$db" -c "SHOW server_version")
echo "queue-bench: $households generated households (food plans of 1 to 7 days), PostgreSQL $version, $(nproc) cores"
run 1
run 2
echo "  statements by kind (last run):"
psql -X -At -F ' ' "$db" -c "
  SELECT lpad(sum(calls)::text, 6), regexp_replace(left(regexp_replace(query, '\s+', ' ', 'g'), 70), '\s+$', '')
  FROM pg_stat_statements
  WHERE query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'
  GROUP BY 2 ORDER BY 1 DESC LIMIT 8" | sed 's/^/    /'
