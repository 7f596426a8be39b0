#!/usr/bin/env bash
# Memory and time of the readings readers on large inputs, with a release planner:
#   - `planner health` and `planner log` on a generated 1,000,000-row readings CSV (about 28 MB);
#   - the same on the same readings as JSON (the object form `planner log` writes, one day a
#     line, about 94 MB);
#   - `planner export-readings --format fhir` on a tenth of the days as timed rows,
#     `planner health` on the bundle (3 entries a day, about 245 MB for 100,000 days), whose
#     verdict must be the CSV's, and `planner log --import` of the bundle into a new journal;
#   - `planner health` on a CSV header of 200,000 copies of one column (about 1 MB), which must
#     be one error (exit 65), found in one pass;
#   - `planner health` on a header of 200,000 unknown columns (about 1.5 MB): an error each
#     (exit 65; the renderer prints the first 50), placed in one walk of the line.
# Each run's Maximum resident set size and wall time come from /usr/bin/time -v; a figure over
# its limit, or an unexpected exit status, makes the script fail. `planner log` streams the
# journal (docs/health.md, "The journal"), and its result is checked: the day's row, and only
# it, gains the symptom (in CSV and in JSON); `planner log --import` streams the bundle into a
# new journal, whose verdict must be the CSV's.
# Usage: Benchmarks/readings/run.sh [rows]   (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows="${1:-1000000}"
bash Scripts/swift-release.sh --product planner >/dev/null
planner="$(bash Scripts/swift-release.sh --show-bin-path)/planner"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One row a day from 0001-01-01, every value filled but the symptoms.
python3 - "$rows" "$work/readings.csv" <<'PY'
import datetime, sys
rows, path = int(sys.argv[1]), sys.argv[2]
day = datetime.date(1, 1, 1)
one = datetime.timedelta(days=1)
with open(path, "w") as out:
    out.write("date,weight,systolic,diastolic,sugar,symptoms\n")
    for _ in range(rows):
        out.write(f"{day.isoformat()},180.5,120,80,95,\n")
        day += one
PY
# The same days as JSON, as `planner log` writes a JSON journal.
python3 - "$rows" "$work/readings.json" <<'PY'
import datetime, sys
rows, path = int(sys.argv[1]), sys.argv[2]
day = datetime.date(1, 1, 1)
one = datetime.timedelta(days=1)
with open(path, "w") as out:
    out.write('{\n  "readings": [')
    for i in range(rows):
        comma = "," if i else ""
        out.write(f'{comma}\n    {{ "date": "{day.isoformat()}", "weight": 180.5, "systolic": 120, "diastolic": 80, "sugar": 95 }}')
        day += one
    out.write("\n  ]\n}\n" if rows else "]\n}\n")
PY
python3 -c 'import sys; open(sys.argv[1], "w").write(",".join(["date"] * 200000) + "\n")' "$work/header.csv"
python3 -c 'import sys; open(sys.argv[1], "w").write("date," + ",".join("x%d" % i for i in range(200000)) + "\n")' \
  "$work/unknown.csv"

failed=0
# measure NAME LIMIT_MB EXPECTED_STATUS COMMAND...
measure() {
  local name="$1" limit="$2" expected="$3"
  shift 3
  local status=0
  /usr/bin/time -v "$@" >"$work/out" 2>"$work/time" || status=$?
  local rss elapsed
  rss="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")"
  elapsed="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")"
  printf '%-34s exit %s  max RSS %6d MB (limit %d)  wall %s\n' "$name" "$status" $((rss / 1024)) "$limit" "$elapsed"
  if [ "$status" != "$expected" ]; then
    echo "  expected exit $expected"
    failed=1
  fi
  if [ $((rss / 1024)) -gt "$limit" ]; then
    echo "  over the limit"
    failed=1
  fi
}

# journal_case LABEL WHAT FILE EXPECTED: the readings file FILE read by `planner health`, then
# logged into as a journal, whose day's row, and only it, must gain the symptom (EXPECTED).
journal_case() {
  local label="$1" what="$2" file="$3" expected="$4"
  echo "readings: $rows $what, $(($(wc -c <"$file") / 1000000)) MB"
  measure "planner health ($label)" 100 0 "$planner" health "$file"
  local journal="$work/journal.${file##*.}"
  cp "$file" "$journal"
  measure "planner log ($label)" 100 0 "$planner" log --journal "$journal" 2026-12-01 symptoms tired
  if ! cmp -s "$journal" "$expected"; then
    echo "  the $label journal is not the readings with the day's symptom logged"
    failed=1
  fi
}
# The files as `planner log` must leave them: the 2026-12-01 row gains the symptom, or is added.
python3 - "$work/readings.csv" "$work/expected.csv" "$work/readings.json" "$work/expected.json" <<'PY'
import sys
csv, csv_out, js, js_out = sys.argv[1:]
text = open(csv).read()
row = "2026-12-01,180.5,120,80,95,\n"
if "\n" + row in text:
    text = text.replace("\n" + row, "\n2026-12-01,180.5,120,80,95,tired\n")
else:
    text += "2026-12-01,,,,,tired\n"
open(csv_out, "w").write(text)
text = open(js).read()
day = '{ "date": "2026-12-01", "weight": 180.5, "systolic": 120, "diastolic": 80, "sugar": 95'
if day + " }" in text:
    text = text.replace(day + " }", day + ', "symptoms": "tired" }')
else:
    end = text.rindex("\n  ]")
    text = text[:end] + ',\n    { "date": "2026-12-01", "symptoms": "tired" }' + text[end:]
open(js_out, "w").write(text)
PY
journal_case rows rows "$work/readings.csv" "$work/expected.csv"
journal_case JSON "days as JSON" "$work/readings.json" "$work/expected.json"
# A FHIR bundle of a tenth of the days (3 Observations a day: a pressure panel, weight and
# glucose), written by export-readings from timed rows and read back by planner health.
python3 - "$((rows / 10))" "$work/timed.csv" <<'PY'
import datetime, sys
rows, path = int(sys.argv[1]), sys.argv[2]
day = datetime.date(1, 1, 1)
one = datetime.timedelta(days=1)
with open(path, "w") as out:
    out.write("date,time,context,weight,systolic,diastolic,sugar\n")
    for _ in range(rows):
        out.write(f"{day.isoformat()},07:10,fasting,180.5,120,80,95\n")
        day += one
PY
TZ=UTC measure "planner export-readings (FHIR)" 100 0 \
  "$planner" export-readings "$work/timed.csv" -o "$work/bundle.json"
size="$(wc -c <"$work/bundle.json")"
echo "bundle: $(grep -c fullUrl "$work/bundle.json") entries, $((size / 1000000)) MB"
measure "planner health (FHIR)" 100 0 "$planner" health "$work/bundle.json"
"$planner" health "$work/bundle.json" >"$work/fhir.txt" || true
"$planner" health "$work/timed.csv" >"$work/csv.txt" || true
if ! cmp -s "$work/fhir.txt" "$work/csv.txt"; then
  echo "  the bundle's verdict is not the CSV's"
  failed=1
fi
# The bundle imported into a new journal, streamed (docs/health.md, "Importing"): the journal
# must give the timed rows' verdict.
TZ=UTC measure "planner log --import (FHIR)" 100 0 \
  "$planner" log --import "$work/bundle.json" --journal "$work/imported.csv"
"$planner" health "$work/imported.csv" >"$work/imported.txt" || true
if ! cmp -s "$work/imported.txt" "$work/csv.txt"; then
  echo "  the imported journal's verdict is not the CSV's"
  failed=1
fi
measure "planner health (200,000 columns)" 100 65 "$planner" health "$work/header.csv"
measure "planner health (200,000 unknown)" 200 65 "$planner" health "$work/unknown.csv"
exit "$failed"
