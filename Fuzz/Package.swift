// swift-tools-version: 6.0
// Fuzz targets for planner's inputs, built with libFuzzer by Scripts/fuzz.sh:
//
//   fuzz-plan      .plan text through the lexer, parser, checker and lowering,
//                  then model building and the rule tests (no solving)
//   fuzz-readings  readings files: CSV, JSON, Apple Health XML, journal entries
//   fuzz-cli       the command line: an argument vector run in process by the
//                  planner CLI, over example files in a temporary directory
//
// PlannerCLI is the planner executable's own sources (Sources/PlannerCLI is a
// symbolic link to ../../Sources/planner) built as a library: its `@main`
// entry point is renamed so the fuzz target's own `main` is the program's,
// and it is built for testing so the target can call `Planner.run`.
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
    .target(
      name: "PlannerCLI",
      dependencies: [
        .product(name: "Diagnostics", package: "planner"), .product(name: "PlanDSL", package: "planner"),
        .product(name: "MealOptimizer", package: "planner"),
        .product(name: "GLPKBackend", package: "planner"),
        .product(name: "HealthRules", package: "planner"),
        .product(name: "HealthDatabase", package: "planner"),
        .product(name: "PlanQueue", package: "planner"),
      ],
      swiftSettings: [
        .unsafeFlags([
          "-enable-testing", "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "planner_cli_main",
        ])
      ]),
    .executableTarget(name: "fuzz-cli", dependencies: ["FuzzSupport", "PlannerCLI"]),
  ]
)
