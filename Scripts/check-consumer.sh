#!/usr/bin/env bash
# Uses planner as a new user would: a package of one's own that depends on a
# tagged version with `.package(url: "file://…", from: "…")`. SwiftPM refuses
# such a dependency when it carries unsafe build flags, so this also proves
# the manifest has none. The consumer (Scripts/consumer) solves a food plan
# and a meal plan, cancels a long solve, and prints an error's description.
#
# It uses what is committed (a clone of HEAD), not uncommitted changes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/planner-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/planner"
git -C "$work/planner" -c user.name=ci -c user.email=ci@localhost tag -a 99.0.0 -m "consumer check" HEAD
mkdir -p "$work/consumer/Sources/consumer"
cp Scripts/consumer/main.swift "$work/consumer/Sources/consumer/main.swift"
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "consumer",
  platforms: [.macOS(.v13)],
  dependencies: [.package(url: "file://$work/planner", from: "99.0.0")],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [
        .product(name: "PlanDSL", package: "planner"),
        .product(name: "MealOptimizer", package: "planner"),
        .product(name: "GLPKBackend", package: "planner"),
        .product(name: "HealthRules", package: "planner"),
      ]
    )
  ]
)
SWIFT
flags=()
if [ "$(uname -s)" = Darwin ]; then
  prefix="$(brew --prefix 2>/dev/null || echo /opt/homebrew)"
  flags=(-Xcc "-I$prefix/include" -Xlinker "-L$prefix/lib")
fi
cd "$work/consumer"
echo "check-consumer: building a package that depends on planner 99.0.0 by URL"
swift build "${flags[@]}"
"$(swift build "${flags[@]}" --show-bin-path)/consumer"
echo "check-consumer: ok"
