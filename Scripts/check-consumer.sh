#!/usr/bin/env bash
# Checks that planner works as a normal dependency: tags a clone of the
# committed HEAD, builds a small package that depends on it with
# .package(url: "file://…", from: "0.1.0") (Scripts/consumer/main.swift),
# and runs it: a food plan and a meal plan through the public API, a long
# solve cancelled and returning promptly, an error's localizedDescription.
# Uncommitted changes are not part of the check.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git clone -q --no-checkout "$root" "$work/planner"
git -C "$work/planner" checkout -q "$(git -C "$root" rev-parse HEAD)"
git -C "$work/planner" tag 0.999.0

mkdir -p "$work/consumer/Sources/consumer"
cp "$root/Scripts/consumer/main.swift" "$work/consumer/Sources/consumer/main.swift"
cat > "$work/consumer/Package.swift" <<PACKAGE
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "consumer",
  platforms: [.macOS(.v13)],
  dependencies: [.package(url: "file://$work/planner", from: "0.1.0")],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [
        .product(name: "MealOptimizer", package: "planner"),
        .product(name: "GLPKBackend", package: "planner"),
      ])
  ]
)
PACKAGE

flags=()
if [ "$(uname -s)" = Darwin ]; then
  prefix="$(brew --prefix 2>/dev/null || echo /opt/homebrew)"
  flags=(-Xcc "-I$prefix/include" -Xlinker "-L$prefix/lib")
fi
cd "$work/consumer"
swift build "${flags[@]}"
"$(swift build "${flags[@]}" --show-bin-path)/consumer"
echo "check-consumer: ok"
