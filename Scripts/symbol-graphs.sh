# Sourced by Scripts/public-api-count.sh and Scripts/docc.sh: builds library
# modules and extracts their public symbol graphs with the toolchain's
# swift-symbolgraph-extract.
#
#   source Scripts/symbol-graphs.sh
#   symbol_graphs_build NAME MODULE… -- [swift build flags…]   (NAME prefixes errors)
#   symbol_graphs_extract MODULE OUTPUT_DIR
#   toolchain_tool NAME                                         (a tool's path)

# A tool of the toolchain: on the PATH, through xcrun, or beside `swift`.
toolchain_tool() {
  local name="$1"
  if command -v "$name" > /dev/null; then
    echo "$name"
  elif [ "$(uname -s)" = Darwin ] && xcrun --find "$name" > /dev/null 2>&1; then
    xcrun --find "$name"
  else
    echo "$(dirname "$(readlink -f "$(command -v swift)")")/$name"
  fi
}

# Builds each module with the flags after `--`, then sets what
# symbol_graphs_extract needs: the extractor, the target triple and the
# include paths of the built modules (and Homebrew's GLPK and libpq headers,
# as the Makefile passes them on macOS).
symbol_graphs_build() {
  local name="$1" modules=() module log bin modules_dir c prefix
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    modules+=("$1")
    shift
  done
  [ $# -gt 0 ] && shift
  for module in "${modules[@]}"; do
    if ! log="$(swift build --target "$module" "$@" 2>&1)"; then
      echo "$log" | grep -E "error" | head -30 >&2
      echo "$name: 'swift build --target $module' failed" >&2
      exit 1
    fi
  done
  symbol_graphs_extractor="$(toolchain_tool swift-symbolgraph-extract)"
  bin="$(swift build --show-bin-path "$@")"
  modules_dir="$bin/Modules"
  [ -d "$modules_dir" ] || modules_dir="$bin"
  symbol_graphs_triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
  symbol_graphs_includes=(-I "$modules_dir")
  for c in "$bin"/*.build; do
    [ -f "$c/module.modulemap" ] && symbol_graphs_includes+=(-I "$c")
  done
  if [ "$(uname -s)" = Darwin ]; then
    prefix="$(brew --prefix 2>/dev/null || echo /opt/homebrew)"
    symbol_graphs_includes+=(-Xcc "-I$prefix/include" -Xcc "-I$prefix/opt/libpq/include")
  fi
}

# Writes a module's public symbol graph (compiler-made members left out) into a folder.
symbol_graphs_extract() {
  "$symbol_graphs_extractor" -module-name "$1" "${symbol_graphs_includes[@]}" -target "$symbol_graphs_triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$2"
}
