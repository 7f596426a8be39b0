// swift-tools-version: 6.0
import PackageDescription

// planner depends only on the Swift toolchain and on GLPK (Debian: libglpk-dev,
// Homebrew: glpk). No package from outside the toolchain is fetched.
//
// Only the GLPK backend (GLPKBackend, through CGLPK) and the command line link
// libglpk: HealthRules, MealOptimizer and PlanDSL are pure Swift and build
// where GLPK does not exist (iOS, watchOS). With Homebrew on macOS, GLPK's
// headers and library are outside the default search paths; pass them to the
// build (the Makefile does): swift build -Xcc -I/opt/homebrew/include
// -Xlinker -L/opt/homebrew/lib.
let package = Package(
  name: "planner",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Diagnostics", targets: ["Diagnostics"]),
    .library(name: "MealOptimizer", targets: ["MealOptimizer"]),
    .library(name: "GLPKBackend", targets: ["GLPKBackend"]),
    .library(name: "HealthRules", targets: ["HealthRules"]),
    .library(name: "PlanDSL", targets: ["PlanDSL"]),
    .executable(name: "planner", targets: ["planner"]),
    .executable(name: "planner-webhook", targets: ["planner-webhook"]),
  ],
  targets: [
    // The C boundary to GLPK: a small shim that guards every call that could
    // reach GLPK's abort() and keeps GLPK's terminal output off.
    .target(name: "CGLPK", path: "Sources/CGLPK", linkerSettings: [.linkedLibrary("glpk")]),
    // The nutrition domain, the solver-neutral model, the planners: no C.
    .target(name: "MealOptimizer", dependencies: ["Diagnostics"], resources: [.copy("Resources")]),
    // The GLPK backend of the Solver protocol: the only library that links libglpk.
    .target(name: "GLPKBackend", dependencies: ["MealOptimizer", "CGLPK"]),
    // Source files, ranges, diagnostics and their one renderer: no dependencies.
    .target(name: "Diagnostics"),
    .target(name: "HealthRules", dependencies: ["Diagnostics"]),
    .target(name: "PlanDSL", dependencies: ["Diagnostics", "MealOptimizer", "HealthRules"]),
    // The C boundary to libpq (Debian: libpq-dev; Homebrew: libpq), PostgreSQL's client library:
    // its header at build time, the library itself loaded when the first connection is made.
    .target(name: "CLibPQ", path: "Sources/CLibPQ"),
    // Rules evaluated inside PostgreSQL: the only module that uses libpq. It and PlanQueue are
    // not products: their API is `package`, for the command line.
    .target(name: "HealthDatabase", dependencies: ["HealthRules", "CLibPQ"]),
    // The job queue in PostgreSQL: plan sources, jobs, results, leases, workers (docs/service.md).
    .target(name: "PlanQueue", dependencies: ["HealthDatabase", "HealthRules"]),
    // The command line's allocator settings (glibc): a few lines of C, no library.
    .target(name: "CProcessMemory", path: "Sources/CProcessMemory"),
    // The command line: its commands, arguments and renderers, a library of this package
    // (not a product) so that `planner`, its tests and the fuzz-cli target share it and it
    // can use the other modules' `package` declarations.
    .target(
      name: "PlannerCommandLine",
      dependencies: [
        "Diagnostics", "PlanDSL", "MealOptimizer", "GLPKBackend", "HealthRules", "HealthDatabase",
        "PlanQueue", "CProcessMemory",
      ]),
    // The executable: one line that runs PlannerCommandLine's `Planner.main()`.
    .executableTarget(name: "planner", dependencies: ["PlannerCommandLine"]),
    // Posts `planner health --notify-url`'s alerts: URLSession's HTTP stack (libcurl on Linux)
    // lives here, not in `planner`, which would otherwise load it at every start.
    .executableTarget(name: "planner-webhook"),
    // Benchmarks: each Benchmarks/*/run.sh builds its target in release mode and prints figures.
    .executableTarget(name: "health-bench", dependencies: ["HealthRules"], path: "Benchmarks/health/Sources"),
    .executableTarget(name: "solver-bench", dependencies: ["MealOptimizer", "GLPKBackend"]),
    .executableTarget(name: "meals-bench", dependencies: ["MealOptimizer", "GLPKBackend", "PlanDSL"]),
    .executableTarget(name: "catalog-bench", dependencies: ["MealOptimizer"]),
    .executableTarget(name: "frontend-bench", dependencies: ["PlanDSL", "CProcessMemory"]),
    .testTarget(
      name: "MealOptimizerTests", dependencies: ["MealOptimizer", "GLPKBackend"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "HealthRulesTests", dependencies: ["Diagnostics", "HealthRules"], resources: [.copy("Fixtures")]),
    // The language without a solver: builds and runs where GLPK does not exist.
    .testTarget(
      name: "PlanDSLTests", dependencies: ["Diagnostics", "PlanDSL", "MealOptimizer", "HealthRules"]),
    // Plans written in the language and solved on real GLPK.
    .testTarget(
      name: "PlanSolvingTests",
      dependencies: ["Diagnostics", "PlanDSL", "MealOptimizer", "GLPKBackend"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "PlannerCLITests",
      dependencies: [
        "planner", "planner-webhook", "PlannerCommandLine", "Diagnostics", "CProcessMemory", "HealthDatabase",
      ]),
    // Rules in PostgreSQL against the in-process engine, on a throwaway server.
    .testTarget(
      name: "HealthDatabaseTests", dependencies: ["HealthDatabase", "HealthRules", "PlanDSL"],
      exclude: ["Fixtures"]),
  ]
)

// The fuzz targets (Fuzz/README.md), declared only when PLANNER_FUZZ is set, so
// that a package depending on planner never sees them. Scripts/fuzz.sh builds
// them with libFuzzer (`-sanitize=fuzzer,address -DFUZZING` on its command line,
// in its own scratch path); built without those flags each is a replay tool:
//   PLANNER_FUZZ=1 swift run --scratch-path .build/fuzz/replay fuzz-plan FILE...
//
//   fuzz-plan      .plan text through the lexer, parser, checker and lowering,
//                  then model building and the rule tests (no solving)
//   fuzz-readings  readings files: CSV, JSON, Apple Health XML, journal entries
//   fuzz-cli       the command line: an argument vector run in process by
//                  PlannerCommandLine's `Planner.run`, over example files in a
//                  temporary directory
// Being targets of this package, they may use `package` declarations.
if Context.environment["PLANNER_FUZZ"].map({ !$0.isEmpty && $0 != "0" }) ?? false {
  package.targets += [
    .target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"),
    .executableTarget(
      name: "fuzz-plan", dependencies: ["FuzzSupport", "PlanDSL", "MealOptimizer", "HealthRules"],
      path: "Fuzz/Sources/fuzz-plan"),
    .executableTarget(
      name: "fuzz-readings", dependencies: ["FuzzSupport", "HealthRules"], path: "Fuzz/Sources/fuzz-readings"),
    .executableTarget(
      name: "fuzz-cli", dependencies: ["FuzzSupport", "PlannerCommandLine"], path: "Fuzz/Sources/fuzz-cli"),
  ]
}
