// swift-tools-version: 6.0
// Fuzz targets for planner's inputs, built with libFuzzer by Scripts/fuzz.sh:
//
//   fuzz-plan      .plan text through the lexer, parser, checker and lowering,
//                  then model building and the rule tests (no solving)
//   fuzz-readings  readings files: CSV, JSON, Apple Health XML, journal entries
//
// Built normally (without -DFUZZING), each target is a replay tool: it runs
// the files named on its command line through the same code, so a saved
// crasher can be re-run under a debugger.
import PackageDescription

let package = Package(
  name: "planner-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "planner", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "fuzz-plan",
      dependencies: [
        "FuzzSupport", .product(name: "PlanDSL", package: "planner"),
        .product(name: "MealOptimizer", package: "planner"),
        .product(name: "HealthRules", package: "planner"),
      ]),
    .executableTarget(
      name: "fuzz-readings",
      dependencies: ["FuzzSupport", .product(name: "HealthRules", package: "planner")]),
  ]
)
