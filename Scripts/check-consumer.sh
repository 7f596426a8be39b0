#!/usr/bin/env bash
# Uses planner as a new user would: a package of one's own that depends on a
# tagged version with `.package(url: "file://…", from: "…")`. SwiftPM refuses
# such a dependency when it carries unsafe build flags, so this also proves
# the manifest has none. The consumer (Scripts/consumer) solves a food plan,
# a meal plan and a household plan through one Planner, cancels a long solve,
# and prints an error's description.
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
    ),
    .target(
      name: "DocSnippets",
      dependencies: [
        .product(name: "PlanDSL", package: "planner"),
        .product(name: "MealOptimizer", package: "planner"),
        .product(name: "GLPKBackend", package: "planner"),
        .product(name: "HealthRules", package: "planner"),
      ]
    ),
  ]
)
SWIFT
# Every ```swift snippet of the README, docs/ and the DocC articles
# (Sources/*/*.docc/*.md) must compile against the public API with only the
# imports the file's snippets show: each file's snippets, in order, become
# the body of one function in a library target of the consumer package, its
# file importing exactly what they import (hoisted to the top).
mkdir -p "$work/consumer/Sources/DocSnippets"
python3 - "$root" "$work/consumer/Sources/DocSnippets" <<'PY'
import pathlib, re, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
files = [root / "README.md"] + sorted((root / "docs").glob("*.md")) + sorted(root.glob("Sources/*/*.docc/*.md"))
count = 0
for md in files:
    blocks = re.findall(r"^```swift\n(.*?)^```", md.read_text(), re.S | re.M)
    if not blocks:
        continue
    body = "\n".join(blocks).splitlines()
    imports = {line.strip() for line in body if line.startswith("import ")}
    code = [line for line in body if not line.startswith("import ")]
    name = re.sub(r"\W", "_", str(md.relative_to(root)))
    text = "\n".join(sorted(imports)) + f"\n\n// From {md.relative_to(root)}.\nfunc snippets_{name}() async throws {{\n"
    text += "\n".join("  " + line if line else "" for line in code) + "\n}\n"
    (out / f"{name}.swift").write_text(text)
    count += len(blocks)
print(f"check-consumer: {count} Swift snippets from the README, docs/ and the DocC articles")
PY

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
