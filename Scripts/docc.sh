#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the toolchain's
# docc, warnings as errors: a link to a symbol that is not public, an article
# that is not curated, a malformed topic fail the build.
#
# Each product's catalog is Sources/MODULE/MODULE.docc (a landing page and its
# articles). The symbol graphs are extracted from the built modules with
# swift-symbolgraph-extract at the public level (the same graphs `swift build
# -Xswiftc -emit-symbol-graph` writes), so no DocC plugin is fetched. The
# archives go to .build/docc/MODULE.doccarchive.
#
# Usage: Scripts/docc.sh [swift build flags…]
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Diagnostics MealOptimizer GLPKBackend HealthRules PlanDSL)

source Scripts/symbol-graphs.sh
docc="$(toolchain_tool docc)"
symbol_graphs_build docc "${modules[@]}" -- "$@"

graphs="$(mktemp -d "${TMPDIR:-/tmp}/planner-docc.XXXXXX")"
trap 'rm -rf "$graphs"' EXIT
mkdir -p .build/docc
status=0
for module in "${modules[@]}"; do
  catalog="Sources/$module/$module.docc"
  if [ ! -d "$catalog" ]; then
    echo "docc: $module has no catalog ($catalog)" >&2
    status=1
    continue
  fi
  mkdir -p "$graphs/$module"
  symbol_graphs_extract "$module" "$graphs/$module"
  if "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.planner.$module" \
    --output-path ".build/docc/$module.doccarchive" --warnings-as-errors > "$graphs/$module.log" 2>&1; then
    echo "docc: $module: .build/docc/$module.doccarchive"
  else
    cat "$graphs/$module.log" >&2
    echo "docc: $module: failed (warnings are errors)" >&2
    status=1
  fi
done
exit $status
