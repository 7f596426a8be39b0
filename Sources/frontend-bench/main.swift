// Loads one plan file again and again in the same process, parsed in parts on
// several threads and on one thread in turn, and prints the median and the
// least wall-clock and CPU time of each way (docs/performance.md). The first
// load of each way is left out of the medians: it pays for faulting in the heap.
//
//   swift build -c release --product frontend-bench
//   .build/release/frontend-bench bench-out/family/family-8000.plan 15
import CProcessMemory
import Foundation
import PlanDSL

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
  FileHandle.standardError.write(Data("usage: frontend-bench FILE [RUNS]\n".utf8))
  exit(64)
}
let runs = arguments.count > 1 ? max(2, Int(arguments[1]) ?? 10) : 10
// The command line's allocator settings (PLANNER_DEFAULT_MALLOC=1 keeps glibc's).
_ = planner_configure_process_memory()

/// Seconds of wall-clock and of CPU time (every thread of the process) that `body` takes.
func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
  func now(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  let (wall, cpu) = (now(CLOCK_MONOTONIC), now(CLOCK_PROCESS_CPUTIME_ID))
  try body()
  return (now(CLOCK_MONOTONIC) - wall, now(CLOCK_PROCESS_CPUTIME_ID) - cpu)
}

var times: [(parallel: Bool, wall: Double, cpu: Double)] = []
do {
  for _ in 0..<runs {
    for parallel in [true, false] {
      var loader = PlanLoader()
      loader.parsesInParallel = parallel
      let time = try measure { _ = try loader.load(path: path) }
      times.append((parallel, time.wall, time.cpu))
    }
  }
} catch {
  FileHandle.standardError.write(Data("frontend-bench: \(path) does not load\n".utf8))
  exit(65)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
print(
  "\(path): \(String(format: "%.2f", megabytes)) MB, \(runs) loads each way, \(ProcessInfo.processInfo.activeProcessorCount) processors"
)
for parallel in [true, false] {
  let mine = times.filter { $0.parallel == parallel }
  let first = mine[0]
  let rest = mine.dropFirst()
  let wall = median(rest.map(\.wall))
  let cpu = median(rest.map(\.cpu))
  print(
    String(
      format:
        "%@: wall median %.1f ms (least %.1f), CPU median %.1f ms (least %.1f), %.1f MB/s wall; first load %.1f ms wall",
      parallel ? "in parts" : "whole   ", wall * 1000, rest.map(\.wall).min()! * 1000, cpu * 1000,
      rest.map(\.cpu).min()! * 1000, megabytes / wall, first.wall * 1000))
}
