import Foundation
import Testing

@testable import HealthRules

/// The SHA-256 that names a rule set's text in alerts.
@Suite("Rule set fingerprints (SHA-256 of the definition text)")
struct RuleSetFingerprintTests {
  @Test(
    "SHA-256 gives the standard's test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func vectors(text: String, digest: String) {
    #expect(SHA256.hex(Array(text.utf8)) == digest)
  }

  @Test("a million 'a's, across many blocks")
  func million() {
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("the baseline's definition text and its SHA-256, as sha256sum computes it")
  func baseline() throws {
    let text = RuleSet.baseline.definitionText
    #expect(
      text
        == "rules baseline \"Home monitoring\"\nwindow 7 days\n"
        + "alert weight_gain \"You are gaining weight!\" warning when mean(weight, days 4...7) > mean(weight, days 1...3)\n"
        + "alert sugar_high \"Your sugar level is high!\" warning when sugar.today >= sugar.yesterday * 110%\n"
        + "alert bp_high \"Your blood pressure is high!\" warning when systolic.today >= systolic.yesterday * 110% "
        + "or diastolic.today >= diastolic.yesterday * 110%\n"
        + "otherwise \"You are in good health, keep up the good work\"\n")
    #expect(
      RuleSet.baseline.fingerprint == "4ef47d3c62a5f5bd8f5ab45675bbe1149c069587c37bf95f6dd3ae1499cfc3d9")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "baseline-\(UUID().uuidString).txt")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(String(decoding: data, as: UTF8.self).prefix(64) == RuleSet.baseline.fingerprint)
  }

  @Test("a changed message, severity or condition changes the fingerprint; a copy does not")
  func changes() {
    var changed = RuleSet.baseline
    #expect(changed.fingerprint == RuleSet.baseline.fingerprint)
    changed.alerts[1].severity = .urgent
    #expect(changed.fingerprint != RuleSet.baseline.fingerprint)
  }
}
