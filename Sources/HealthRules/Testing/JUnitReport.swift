/// Writes rule test results as JUnit XML, the format CI systems read.
///
/// One `<testsuite>` per rule set, one `<testcase>` per test; a failed
/// expectation becomes a `<failure>` with expected and actual values, and a test
/// that could not run becomes an `<error>`.
///
/// ```xml
/// <testsuites name="planner rules" tests="2" failures="1" errors="0">
///   <testsuite name="baseline" tests="2" failures="1" errors="0">
///     <testcase classname="baseline" name="a steady week is healthy" time="0.000"/>
///     …
/// ```
package enum JUnitReport {
  /// The JUnit XML document for a report.
  ///
  /// - Parameters:
  ///   - report: The results to write.
  ///   - name: The name of the whole run.
  /// - Returns: The XML text, ending with a newline.
  package static func xml(for report: RuleTestReport, name: String = "planner rules") -> String {
    var suites: [(id: String, results: [RuleTestResult])] = []
    for result in report.results {
      if let index = suites.firstIndex(where: { $0.id == result.ruleSet }) {
        suites[index].results.append(result)
      } else {
        suites.append((result.ruleSet, [result]))
      }
    }
    func counts(_ results: [RuleTestResult]) -> String {
      let errors = results.filter { $0.error != nil }.count
      let failures = results.filter { !$0.passed && $0.error == nil }.count
      let time = seconds(results.reduce(0) { $0 + $1.duration })
      return "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\""
    }
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    lines.append("<testsuites name=\"\(escape(name))\" \(counts(report.results))>")
    for suite in suites {
      lines.append("  <testsuite name=\"\(escape(suite.id))\" \(counts(suite.results))>")
      for result in suite.results {
        let attributes =
          "classname=\"\(escape(suite.id))\" name=\"\(escape(result.name))\" time=\"\(seconds(result.duration))\""
        if let error = result.error {
          lines.append("    <testcase \(attributes)>")
          lines.append("      <error message=\"\(escape(error))\" type=\"error\"/>")
          lines.append("    </testcase>")
        } else if result.passed {
          lines.append("    <testcase \(attributes)/>")
        } else {
          lines.append("    <testcase \(attributes)>")
          for failure in result.failures {
            let message = "\(failure.expectation): expected \(failure.expected), got \(failure.actual)"
            var body = "expected: \(failure.expected)\nactual: \(failure.actual)"
            for value in failure.values {
              body += "\n\(value.expression) = \(value.display)"
            }
            if let source = result.source { body += "\nat \(source)" }
            lines.append(
              "      <failure message=\"\(escape(message))\" type=\"expectation\">\(escape(body))</failure>")
          }
          lines.append("    </testcase>")
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\n": escaped += "&#10;"
      case "\t", "\r": escaped.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  private static func seconds(_ value: Double) -> String {
    let thousandths = Int64((max(0, value) * 1000).rounded())
    return Rational(thousandths, 1000).formatted(maximumFractionDigits: 3)
  }
}
