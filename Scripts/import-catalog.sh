#!/usr/bin/env bash
# Regenerates the bundled food catalog from the USDA SR28 ASCII release.
#   Scripts/import-catalog.sh [SR28_DIR]   (default: ../shared/data/usda-sr28)
set -euo pipefail
cd "$(dirname "$0")/.."
SR28_DIR="${1:-../shared/data/usda-sr28}"
OUTPUT="Sources/MealOptimizer/Resources/usda-sr28.plancat"
bash Scripts/swift-release.sh --product planner
"$(bash Scripts/swift-release.sh --show-bin-path)/planner" catalog import-sr28 "$SR28_DIR" --output "$OUTPUT"
