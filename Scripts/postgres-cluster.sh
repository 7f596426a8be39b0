#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary
# directory, the server listening only on a Unix socket in that directory (no TCP),
# run as the 'postgres' user when we are root (PostgreSQL refuses to run as root).
#
#   source Scripts/postgres-cluster.sh
#   postgres_cluster_start      # sets PLANNER_TEST_DATABASE (a libpq connection string)
#   ...
#   postgres_cluster_stop       # stops the server and deletes the directory
#
# PLANNER_PG_BIN may name the directory of initdb and pg_ctl; by default the
# newest /usr/lib/postgresql/*/bin (Debian's postgresql package), else the PATH.

postgres_cluster_bin() {
  if [ -n "${PLANNER_PG_BIN:-}" ]; then echo "$PLANNER_PG_BIN"; return; fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ]; then echo "$newest"; return; fi
  dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)"
}

postgres_cluster_run() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

postgres_cluster_start() {
  local bin
  bin="$(postgres_cluster_bin)"
  if [ ! -x "$bin/initdb" ]; then
    echo "postgres-cluster: initdb not found (install Debian's postgresql or set PLANNER_PG_BIN)" >&2
    return 1
  fi
  PLANNER_PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/planner-pg.XXXXXX")"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$PLANNER_PG_DIR"; fi
  postgres_cluster_run "$bin/initdb" -D "$PLANNER_PG_DIR/data" -A trust -U postgres -E UTF8 \
    --locale=C.UTF-8 --no-sync >/dev/null
  postgres_cluster_run "$bin/pg_ctl" -D "$PLANNER_PG_DIR/data" -l "$PLANNER_PG_DIR/log" -w \
    -o "-k $PLANNER_PG_DIR -c listen_addresses='' -c fsync=off -c full_page_writes=off ${PLANNER_PG_SETTINGS:-}" \
    start >/dev/null
  PLANNER_PG_BIN_DIR="$bin"
  export PLANNER_PG_DIR PLANNER_PG_BIN_DIR
  export PLANNER_TEST_DATABASE="host=$PLANNER_PG_DIR user=postgres dbname=postgres"
}

postgres_cluster_stop() {
  if [ -n "${PLANNER_PG_DIR:-}" ] && [ -d "$PLANNER_PG_DIR/data" ]; then
    postgres_cluster_run "$PLANNER_PG_BIN_DIR/pg_ctl" -D "$PLANNER_PG_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$PLANNER_PG_DIR"
  fi
  unset PLANNER_PG_DIR PLANNER_TEST_DATABASE
}
