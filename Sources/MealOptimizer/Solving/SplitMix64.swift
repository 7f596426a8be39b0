import Foundation

/// SplitMix64: a small deterministic generator that gives the same sequence
/// on every platform. The package's one generator: ``DishWalk``'s kicks, and
/// the benchmarks' and tests' generated models and weeks.
package struct SplitMix64: Sendable {
  /// The generator's state; the seed at the start.
  package var state: UInt64

  /// A generator whose sequence the seed decides.
  package init(seed: UInt64) { state = seed }

  /// The next number of the sequence.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A whole number in `range`.
  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A number in 0..<1.
  package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
