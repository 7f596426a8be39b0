#!/usr/bin/env bash
# Times loading the bundled food catalog and searching it, in a release build.
#   Benchmarks/catalog/run.sh [RUNS]   (default 20)
# Targets: load < 100 ms median, search < 20 ms median.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product catalog-bench
"$(bash Scripts/swift-release.sh --show-bin-path)/catalog-bench" "${1:-20}"
