#!/usr/bin/env bash
# Fuzzes planner's inputs with libFuzzer (the Swift toolchain's -sanitize=fuzzer,
# with AddressSanitizer): the .plan front end, the readings readers and the
# command line.
#
#   bash Scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS is the budget for each target (default 60); TARGET is fuzz-plan,
# fuzz-readings or fuzz-cli (default all three). Seeds come from Examples/ and
# the tests' fixtures; the corpus grows in .build/fuzz/corpus/TARGET. Every
# input that once crashed is kept in Fuzz/regressions/TARGET/ and run first,
# every run (libFuzzer reads that directory as a second corpus). Every
# crashing, timing-out or memory-hungry input is saved in Fuzz/crashers/TARGET/
# and the script exits 1. The targets are declared in Package.swift only when
# PLANNER_FUZZ is set. Replay an input with the target built without libFuzzer:
#   PLANNER_FUZZ=1 swift run --scratch-path .build/fuzz/replay fuzz-plan Fuzz/crashers/fuzz-plan/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
export PLANNER_FUZZ=1
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-plan fuzz-readings fuzz-cli)

flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
for target in "${targets[@]}"; do
  echo "fuzz: building $target with libFuzzer" >&2
  swift build --scratch-path .build/fuzz/build -c release "${flags[@]}" --product "$target" >&2
done
bin="$(swift build --scratch-path .build/fuzz/build -c release "${flags[@]}" --show-bin-path)"

seed() {
  local target="$1" corpus="$2"
  mkdir -p "$corpus"
  case "$target" in
    fuzz-plan)
      for file in Examples/*.plan Tests/PlanSolvingTests/Fixtures/golden/*.plan Tests/HealthDatabaseTests/Fixtures/*.plan; do
        [ -f "$file" ] && cp "$file" "$corpus/seed-$(basename "$file")"
      done ;;
    fuzz-readings)
      # The first byte chooses the reader: 0 CSV, 1 JSON, 2 Apple Health XML, 3 a journal entry.
      for file in Examples/*.csv; do { printf '\x00'; cat "$file"; } > "$corpus/seed-csv-$(basename "$file")"; done
      for file in Tests/HealthRulesTests/Fixtures/*.json; do
        [ -f "$file" ] && { printf '\x01'; cat "$file"; } > "$corpus/seed-json-$(basename "$file")"
      done
      for file in Tests/HealthRulesTests/Fixtures/*.xml Tests/HealthRulesTests/Fixtures/fuzz/*.xml; do
        [ -f "$file" ] && { printf '\x02'; cat "$file"; } > "$corpus/seed-xml-$(basename "$file")"
      done
      printf '\x03weight 181.2 lb, bp 128/82, sugar 104 mg/dL, symptoms "tired"' > "$corpus/seed-entry" ;;
    fuzz-cli)
      # One argument a line; the files named are the fuzz target's copies of the examples.
      local n=0
      for line in "check foods.plan" "solve foods.plan" "solve foods.plan --format json --time-limit 5" \
        "test guidelines.plan" "health readings.csv --rules guidelines.plan" "health export.xml --format json" \
        "health week.json --as-of 2026-03-07" "log weight 180 lb, bp 120/80 --journal journal.csv" \
        "report readings.csv --output report.html" "foods search lentils --limit 3" \
        "recipes guidelines.plan breakfast without peanut" "rules guidelines.plan" "export foods.plan" \
        "catalog" "completion bash" "solve --help" "--version"; do
        n=$((n + 1))
        printf '%s' "$line" | tr ' ' '\n' > "$corpus/seed-$n"
      done ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  # Absolute paths: fuzz-cli runs each input in its own working directory.
  corpus="$root/.build/fuzz/corpus/$target"
  crashers="$root/Fuzz/crashers/$target"
  regressions="$root/Fuzz/regressions/$target"
  seed "$target" "$corpus"
  mkdir -p "$crashers" "$regressions"
  echo "fuzz: $target for ${seconds}s (corpus $corpus)" >&2
  log="$(mktemp)"
  # fuzz-plan's inputs are cut at 8 KB: its cost grows with the input (the whole front end
  # runs on it), and 8 KB holds every construct of the examples; Fuzz/README.md has the figures.
  max_len=65536
  [ "$target" = fuzz-plan ] && max_len=8192
  # Leaks are not findings here (Foundation's XML parser keeps caches); crashes,
  # traps, sanitizer errors, time-outs and memory blow-ups are.
  if ! ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$bin/$target" "$corpus" "$regressions" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -max_len="$max_len" -artifact_prefix="$crashers/" -print_final_stats=1 2> >(tee "$log" >&2); then
    echo "fuzz: $target found a crash, a timeout or a memory blow-up; the input is in $crashers/" >&2
    status=1
  fi
  runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1 || echo 0)"
  rate="$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1 || echo 0)"
  coverage="$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || echo 'cov: ?')"
  echo "fuzz: $target: $runs executions in ${seconds}s ($rate/s), $coverage"
  rm -f "$log"
done
exit $status
