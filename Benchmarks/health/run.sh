#!/usr/bin/env bash
# Builds the health rule benchmark in release and runs it.
# Usage: Benchmarks/health/run.sh [population]   (default 1,000,000 windows)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product health-bench
"$(bash Scripts/swift-release.sh --show-bin-path)/health-bench" "$@"
