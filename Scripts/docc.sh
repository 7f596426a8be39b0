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

tool() {
  local name="$1"
  if command -v "$name" > /dev/null; then
    echo "$name"
  elif [ "$(uname -s)" = Darwin ] && xcrun --find "$name" > /dev/null 2>&1; then
    xcrun --find "$name"
  else
    echo "$(dirname "$(readlink -f "$(command -v swift)")")/$name"
  fi
}
docc="$(tool docc)"
extract="$(tool swift-symbolgraph-extract)"

for module in "${modules[@]}"; do
  if ! log="$(swift build --target "$module" "$@" 2>&1)"; then
    echo "$log" | grep -E "error" | head -30 >&2
    echo "docc: 'swift build --target $module' failed" >&2
    exit 1
  fi
done

bin="$(swift build --show-bin-path "$@")"
modules_dir="$bin/Modules"
[ -d "$modules_dir" ] || modules_dir="$bin"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
includes=(-I "$modules_dir")
for c in "$bin"/*.build; do
  [ -f "$c/module.modulemap" ] && includes+=(-I "$c")
done
if [ "$(uname -s)" = Darwin ]; then
  prefix="$(brew --prefix 2>/dev/null || echo /opt/homebrew)"
  includes+=(-Xcc "-I$prefix/include" -Xcc "-I$prefix/opt/libpq/include")
fi

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
  "$extract" -module-name "$module" "${includes[@]}" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs/$module"
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
