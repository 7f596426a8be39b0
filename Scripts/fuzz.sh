#!/usr/bin/env bash
# Fuzzes planner's inputs with libFuzzer (the Swift toolchain's -sanitize=fuzzer,
# with AddressSanitizer): the .plan front end and the readings readers.
#
#   bash Scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS is the budget for each target (default 60); TARGET is fuzz-plan or
# fuzz-readings (default both). Seeds come from Examples/ and the tests'
# fixtures; the corpus grows in .build/fuzz/corpus/TARGET. Every crashing,
# timing-out or memory-hungry input is saved in Fuzz/crashers/TARGET/ and the
# script exits 1. Replay one with the target built without libFuzzer:
#   swift run --package-path Fuzz fuzz-plan Fuzz/crashers/fuzz-plan/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-plan fuzz-readings)

flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
for target in "${targets[@]}"; do
  echo "fuzz: building $target with libFuzzer" >&2
  swift build --package-path Fuzz --scratch-path .build/fuzz/build -c release "${flags[@]}" --product "$target" >&2
done
bin="$(swift build --package-path Fuzz --scratch-path .build/fuzz/build -c release "${flags[@]}" --show-bin-path)"

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
      for file in Tests/HealthRulesTests/Fixtures/*.xml; do
        [ -f "$file" ] && { printf '\x02'; cat "$file"; } > "$corpus/seed-xml-$(basename "$file")"
      done
      printf '\x03weight 181.2 lb, bp 128/82, sugar 104 mg/dL, symptoms "tired"' > "$corpus/seed-entry" ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  corpus=".build/fuzz/corpus/$target"
  crashers="Fuzz/crashers/$target"
  seed "$target" "$corpus"
  mkdir -p "$crashers"
  echo "fuzz: $target for ${seconds}s (corpus $corpus)" >&2
  log="$(mktemp)"
  # Leaks are not findings here (Foundation's XML parser keeps caches); crashes,
  # traps, sanitizer errors, time-outs and memory blow-ups are.
  if ! ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -max_len=65536 -artifact_prefix="$crashers/" -print_final_stats=1 2> >(tee "$log" >&2); then
    echo "fuzz: $target found a crash, a timeout or a memory blow-up; the input is in $crashers/" >&2
    status=1
  fi
  runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1 || echo 0)"
  echo "fuzz: $target: $runs executions in ${seconds}s"
  rm -f "$log"
done
exit $status
