#!/usr/bin/env bash
# Times loading the bundled food catalog and searching it, in a release build.
#   Benchmarks/catalog/run.sh [RUNS]   (default 20)
# Targets: load < 100 ms median, search < 20 ms median.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product catalog-bench
"$(swift build -c release --show-bin-path)/catalog-bench" "${1:-20}"
