#!/usr/bin/env bash
# Memory of planner-webhook when the care team's server answers with a large body:
# a server on 127.0.0.1 (Python's standard library, this benchmark's only peer)
# answers every POST with 200 and a body of 200 MB; planner-webhook needs only the
# status, so its Maximum resident set size (/usr/bin/time -v) must stay under
# 120 MB whatever the body's size (446 MB when it read the body whole). The
# script fails over the limit or when the alert is not reported delivered.
# Usage: Benchmarks/webhook/run.sh [megabytes]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/../.."
megabytes="${1:-200}"
bash Scripts/swift-release.sh --product planner >/dev/null
helper="$(bash Scripts/swift-release.sh --show-bin-path)/planner-webhook"
work="$(mktemp -d)"
python3 - "$megabytes" "$work/port" <<'PY' &
import http.server, socketserver, sys
size = int(sys.argv[1]) << 20
chunk = b"x" * 65536
class Answer(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        left = size
        try:
            while left > 0:
                self.wfile.write(chunk[: min(left, len(chunk))])
                left -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
    def log_message(self, *args):
        pass
with socketserver.TCPServer(("127.0.0.1", 0), Answer) as server:
    open(sys.argv[2], "w").write(str(server.server_address[1]))
    server.timeout = 60
    server.handle_request()
PY
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/port")/hook"
echo '{"verdict":"alert"}' > "$work/body.json"
/usr/bin/time -v -o "$work/time" env PLANNER_WEBHOOK_URL="$url" "$helper" 10 1 0 planner/bench key-1 \
  < "$work/body.json" > "$work/out"
rss=$(( $(grep 'Maximum resident set size' "$work/time" | grep -Eo '[0-9]+$') / 1024 ))
wall="$(grep 'Elapsed (wall clock)' "$work/time" | awk '{print $NF}')"
printf '| planner-webhook, %d MB answer | %s | max RSS %d MB | limit 120 MB |\n' "$megabytes" "$(cat "$work/out")" "$rss"
echo "wall $wall"
[ "$(cat "$work/out")" = "delivered 200" ] || { echo "webhook: not delivered" >&2; exit 1; }
[ "$rss" -lt 120 ] || { echo "webhook: over 120 MB" >&2; exit 1; }
