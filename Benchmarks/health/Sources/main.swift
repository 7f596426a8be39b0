// Benchmark: baseline rules over a generated population of patient windows, against a
// plain hand-written Swift function doing the same three checks on the same data.
// Run with Benchmarks/health/run.sh (release build). Single thread: figures are per core.

import Foundation
import HealthRules

/// A small deterministic generator (SplitMix64), so every run sees the same population.
struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ bound: Int64) -> Int64 { Int64(next() % UInt64(bound)) }
}

let population = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
let chunk = Int(ProcessInfo.processInfo.environment["HEALTH_BENCH_CHUNK"] ?? "") ?? 100_000
let missingMarker = Int64.min
/// Extra untimed engine passes per chunk, to give a profiler something to see.
let profileRepeats = Int(ProcessInfo.processInfo.environment["HEALTH_BENCH_PROFILE_REPEATS"] ?? "") ?? 0
let today = Day(year: 2026, month: 3, day: 7)!

/// One chunk of windows in two layouts: the engine's `Window`s and a flat array of 28 values
/// per window (weight, systolic, diastolic, sugar; 7 days each; `Int64.min` when missing).
func generate(_ count: Int, _ rng: inout SplitMix64) -> ([Window], [Int64]) {
  var windows: [Window] = []
  windows.reserveCapacity(count)
  var flat = [Int64](repeating: missingMarker, count: count * 28)
  let bases: [Int64] = [180_000, 120_000, 80_000, 100_000]
  let spreads: [Int64] = [60_000, 30_000, 20_000, 40_000]
  for index in 0..<count {
    var window = Window(today: today)
    for (row, metric) in Metric.builtins.enumerated() {
      var value = bases[row] + rng.below(spreads[row]) - spreads[row] / 2
      for day in 1...7 {
        // A daily drift of up to about +-6%, 3% of values missing, a tenth of a unit resolution.
        value += (rng.below(value / 8) - value / 16) / 100 * 100
        let stored: Int64? = rng.below(100) < 3 ? nil : value
        window.set(metric, day: day, thousandths: stored)
        flat[index * 28 + row * 7 + day - 1] = stored ?? missingMarker
      }
    }
    windows.append(window)
  }
  return (windows, flat)
}

/// The three baseline checks written by hand on the flat layout, with the same
/// missing-data and exactness semantics; returns (fired, unknown) bit masks.
@inline(never)
func handWritten(_ v: UnsafeBufferPointer<Int64>, _ base: Int) -> (UInt64, UInt64) {
  var fired: UInt64 = 0
  var unknown: UInt64 = 0
  // weight_gain: mean(days 4...7) > mean(days 1...3), by cross-multiplication.
  var early: Int64 = 0
  var earlyCount: Int64 = 0
  var late: Int64 = 0
  var lateCount: Int64 = 0
  for day in 0..<3 where v[base + day] != missingMarker {
    early += v[base + day]
    earlyCount += 1
  }
  for day in 3..<7 where v[base + day] != missingMarker {
    late += v[base + day]
    lateCount += 1
  }
  if earlyCount == 0 || lateCount == 0 {
    unknown |= 1
  } else if late * earlyCount > early * lateCount {
    fired |= 1
  }
  // today >= yesterday * 110%  <=>  10 * today >= 11 * yesterday
  func rises(_ row: Int) -> Int {  // 1 yes, 0 no, -1 unknown
    let y = v[base + row * 7 + 5]
    let t = v[base + row * 7 + 6]
    if y == missingMarker || t == missingMarker { return -1 }
    return 10 * t >= 11 * y ? 1 : 0
  }
  switch rises(3) {
  case 1: fired |= 2
  case -1: unknown |= 2
  default: break
  }
  let s = rises(1)
  let d = rises(2)
  if s == 1 || d == 1 {
    fired |= 4
  } else if s == -1 || d == -1 {
    unknown |= 4
  }
  return (fired, unknown)
}

let compiled: CompiledRuleSet
do {
  compiled = try RuleSet.baseline.compiled()
} catch {
  fatalError("the baseline rules do not compile: \(error)")
}

var rng = SplitMix64(state: 20_260_307)
/// Time this thread spent on the CPU running `body`, in seconds: on a shared machine this
/// is the honest "per core" figure, unaffected by time spent waiting for a core.
func cpuSeconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

var engineTime = 0.0
var handTime = 0.0
var verdictTime = 0.0
var verdictCount = 0
var mismatches = 0
var tally: [Verdict.Status: Int] = [:]
var generated = 0
while generated < population {
  let count = min(chunk, population - generated)
  let (windows, flat) = generate(count, &rng)
  var engineResults: [RuleOutcomes] = []
  var handResults = [(UInt64, UInt64)](repeating: (0, 0), count: count)
  engineTime += cpuSeconds {
    engineResults = compiled.outcomes(for: windows)
  }
  for _ in 0..<profileRepeats {
    engineResults = compiled.outcomes(for: windows)
  }
  handTime += cpuSeconds {
    flat.withUnsafeBufferPointer { buffer in
      for index in 0..<count { handResults[index] = handWritten(buffer, index * 28) }
    }
  }
  // Full verdicts with evidence on the first 20,000 windows of each chunk.
  let sample = min(count, 20_000)
  verdictTime += cpuSeconds {
    for index in 0..<sample { tally[compiled.evaluate(windows[index]).status, default: 0] += 1 }
  }
  verdictCount += sample
  for index in 0..<count
  where engineResults[index].fired != handResults[index].0
    || engineResults[index].unknown != handResults[index].1
  {
    mismatches += 1
  }
  generated += count
}

let engineRate = Double(population) / engineTime
let handRate = Double(population) / handTime
let verdictRate = Double(verdictCount) / verdictTime
func format(_ rate: Double) -> String { String(format: "%12.0f", rate) }
print("health-bench: baseline rules, \(population) generated patient windows, one thread, thread CPU time")
print("  compiled rule set (outcomes)   \(format(engineRate)) windows/s per core")
print("  hand-written Swift function    \(format(handRate)) windows/s per core")
print("  full verdicts with evidence    \(format(verdictRate)) windows/s per core (\(verdictCount) windows)")
print(String(format: "  ratio hand-written / engine    %.2fx (target <= 3x)", handRate / engineRate))
print("  target >= 1,000,000 windows/s per core: \(engineRate >= 1_000_000 ? "met" : "NOT met")")
print("  outcome mismatches engine vs hand-written: \(mismatches)")
let statuses = Verdict.Status.allCases.map { "\($0.rawValue) \(tally[$0, default: 0])" }
print("  verdict mix in sample: " + statuses.joined(separator: ", "))
