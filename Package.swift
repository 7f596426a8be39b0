// swift-tools-version: 6.0
import PackageDescription

// planner depends only on the Swift toolchain and on GLPK (Debian: libglpk-dev,
// Homebrew: glpk). No package from outside the toolchain is fetched.
let package = Package(
  name: "planner",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "MealOptimizer", targets: ["MealOptimizer"]),
    .library(name: "HealthRules", targets: ["HealthRules"]),
    .library(name: "PlanDSL", targets: ["PlanDSL"]),
    .executable(name: "planner", targets: ["planner"]),
  ],
  targets: [
    // The C boundary to GLPK: a small shim that guards every call that could
    // reach GLPK's abort() and keeps GLPK's terminal output off.
    .target(
      name: "CGLPK",
      path: "Sources/CGLPK",
      cSettings: [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"], .when(platforms: [.macOS]))],
      linkerSettings: [
        .linkedLibrary("glpk"),
        .unsafeFlags(["-L/opt/homebrew/lib", "-L/usr/local/lib"], .when(platforms: [.macOS])),
      ]
    ),
    .target(
      name: "MealOptimizer",
      dependencies: ["CGLPK"],
      resources: [.copy("Resources")]
    ),
    .target(name: "HealthRules"),
    .target(name: "PlanDSL", dependencies: ["MealOptimizer", "HealthRules"]),
    .executableTarget(name: "planner", dependencies: ["PlanDSL", "MealOptimizer", "HealthRules"]),
    // Benchmarks: each Benchmarks/*/run.sh builds its target in release mode and prints figures.
    .executableTarget(name: "health-bench", dependencies: ["HealthRules"], path: "Benchmarks/health/Sources"),
    .executableTarget(name: "solver-bench", dependencies: ["MealOptimizer"]),
    .executableTarget(name: "meals-bench", dependencies: ["MealOptimizer"]),
    .executableTarget(name: "catalog-bench", dependencies: ["MealOptimizer"]),
    .testTarget(name: "MealOptimizerTests", dependencies: ["MealOptimizer"], resources: [.copy("Fixtures")]),
    .testTarget(name: "HealthRulesTests", dependencies: ["HealthRules"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "PlanDSLTests",
      dependencies: ["PlanDSL", "MealOptimizer", "HealthRules"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "PlannerCLITests", dependencies: ["planner"]),
  ]
)
