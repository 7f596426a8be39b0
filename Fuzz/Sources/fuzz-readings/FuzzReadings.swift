import Foundation
import FuzzSupport
import HealthRules

/// One input: its first byte chooses the reader (CSV, JSON, Apple Health XML
/// or a journal entry) and the rest is the file; readings that parse are
/// then evaluated by the baseline rules.
func fuzzReadings(_ data: Data) {
  guard let selector = data.first else { return }
  let body = data.dropFirst()
  let text = String(decoding: body, as: UTF8.self)
  let readings: [Reading]?
  switch selector % 4 {
  case 0: readings = try? CSVReadings.parse(text)
  case 1: readings = try? JSONReadings.parse(text)
  case 2: readings = try? AppleHealthReadings.parse(data: Data(body))
  default:
    _ = try? JournalEntry.parse(text)
    readings = nil
  }
  guard let readings, !readings.isEmpty, let rules = try? RuleSet.baseline.compiled(),
    let window = try? rules.window(for: readings, asOf: nil)
  else { return }
  _ = rules.evaluate(window)
}

/// libFuzzer's callback: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  if let bytes { fuzzReadings(Data(bytes: bytes, count: count)) }
  return 0
}

/// Under libFuzzer (`-DFUZZING`) runs the fuzzer; otherwise replays the files
/// named on the command line.
@main
struct FuzzReadingsMain {
  static func main() { runFuzzTarget(fuzzerTestOneInput, replay: fuzzReadings) }
}
