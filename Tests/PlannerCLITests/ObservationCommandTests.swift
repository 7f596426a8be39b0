import Foundation
import Testing

/// `planner health` with several timed readings a day, contexts and the new measures.
@Suite("Readings as observations on the command line")
struct ObservationCommandTests {
  func file(_ name: String, _ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-obs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("Examples/home-bp: two readings a day average as documented, mornings and fasting by context")
  func example() throws {
    let result = try PlannerProcess.run([
      "health", "Examples/home-bp.csv", "--rules", "Examples/home-bp.plan", "--format", "json",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["alerts"] as? [String] == ["stage2", "mornings", "fasting_sugar"])
    // 1895 mmHg over 14 readings; the seven first readings sum to 973 mmHg.
    #expect(
      object["message"] as? String
        == "Home average 135.357 mmHg (stage 2 hypertension): call your doctor\n"
        + "Morning pressure averaged 139 mmHg this week\nFasting sugar 136 mg/dL today")
  }

  @Test("timed rows of one day are several readings; two untimed rows in one context are refused")
  func rows() throws {
    let rules = try file(
      "rules.plan",
      """
      rules r "R" {
        window 2 days
        alert mean "m" when systolic.today >= 129.5 mmHg
        alert mean_above "m" when systolic.today > 129.5 mmHg
        alert peak "p" when systolic(max).today >= 131 mmHg
        alert low "l" when systolic(min).today <= 128 mmHg
        alert first "f" when systolic(first).today == 131 mmHg
        alert last "l" when systolic(last).today == 128 mmHg
        alert fasting "s" when sugar(where context = "before meal").today == 104 mg/dL
        alert fever "t" when temperature.today >= 38 degC
        alert spo2 "o" when spo2(min).today < 92%
        alert pulse "h" when heart_rate(max).today > 100 bpm
        otherwise "ok"
      }
      """)
    let csv = try file(
      "week.csv",
      """
      date,context,systolic,sugar,temperature (°F),spo2,pulse
      2026-03-07T19:00,Before  Meal,128,104,100.4,91,101
      2026-03-07T07:00,fasting,131,112,98.6,97,64
      """)
    let result = try PlannerProcess.run(["health", csv.path, "--rules", rules.path, "--format", "json"])
    #expect(result.status == 1, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    // 100.4 °F and 98.6 °F are 38 °C and 37 °C: their mean is 37.5 °C, below 38.
    #expect(
      object["alerts"] as? [String] == ["mean", "peak", "low", "first", "last", "fasting", "spo2", "pulse"])
    let twice = try file(
      "twice.csv",
      """
      date,context,systolic
      2026-03-07,fasting,128
      2026-03-07,fasting,131
      """)
    let refused = try PlannerProcess.run(["health", twice.path])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("3:1: error: a second reading for 2026-03-07 'fasting' without a time"))
  }
}
