import Diagnostics

/// Reads daily readings from JSON.
///
/// Two shapes are accepted:
/// - an array of objects, one per day, with the keys of the CSV columns:
///   `[{"date": "2026-03-01", "weight": 180.5, "systolic": 120, "diastolic": 80,
///   "sugar": 95, "symptoms": "none"}]`;
/// - an object with optional `units` and the `readings` array:
///   `{"units": {"weight": "kg", "sugar": "mmol/L"}, "readings": [ … ]}`.
///
/// Numbers are read exactly from their decimal text; `null` or a missing key is a
/// missing value. Units default to lb, mmHg and mg/dL.
public enum JSONReadings {
  /// Parses JSON readings, collecting every problem in values before throwing.
  ///
  /// A syntax error stops the parse at its location.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - customMetrics: Extra numeric keys to accept, by metric name.
  ///   - retention: Which valid readings to return; every day is checked either way.
  /// - Returns: The readings kept, sorted by date.
  /// - Throws: ``ReadingsError`` with every problem found, each with line and column.
  public static func parse(
    _ text: String, customMetrics: [Metric] = [], retention: ReadingsRetention = .all
  ) throws(ReadingsError) -> [Reading] {
    let root: JSONScanner.Node
    do {
      root = try JSONScanner.parse(text)
    } catch {
      throw ReadingsError(issues: [error.issue])
    }
    var collector = ReadingsCollector(retention: retention)
    var units: [ReadingField: InputUnit] = [:]
    let list: [JSONScanner.Node]
    switch root.value {
    case .array(let elements):
      list = elements
    case .object(let members):
      var found: [JSONScanner.Node]?
      for member in members {
        switch member.key {
        case "readings":
          if case .array(let elements) = member.value.value {
            found = elements
          } else {
            collector.report(
              member.value.span.issue(.wrongValueType, "'readings' must be an array of objects"))
          }
        case "units":
          units = readUnits(member.value, into: &collector)
        default:
          collector.report(
            member.keySpan.issue(
              .unknownKey, "unknown key '\(member.key)'",
              hint: Suggestions.hint(for: member.key, in: ["readings", "units"])
                ?? "the top level holds 'readings' and 'units'"))
        }
      }
      guard let found else {
        collector.report(
          root.span.issue(
            .missingReadings, "no 'readings' array", hint: "put the days in \"readings\": [ … ]"))
        throw ReadingsError(issues: collector.issues)
      }
      list = found
    default:
      throw ReadingsError(
        issues: [
          root.span.issue(.wrongValueType, "expected an array of readings or an object with 'readings'")
        ])
    }
    for element in list {
      readDay(element, units: units, customMetrics: customMetrics, into: &collector)
    }
    return try collector.result()
  }

  private static func readUnits(
    _ node: JSONScanner.Node, into collector: inout ReadingsCollector
  ) -> [ReadingField: InputUnit] {
    guard case .object(let members) = node.value else {
      collector.report(
        node.span.issue(.wrongValueType, "'units' must be an object such as {\"weight\": \"kg\"}"))
      return [:]
    }
    var units: [ReadingField: InputUnit] = [:]
    for member in members {
      guard let field = ReadingField(name: member.key), !field.units.isEmpty else {
        collector.report(
          member.keySpan.issue(
            .unitNotAllowed, "'\(member.key)' has no unit to set",
            hint: Suggestions.hint(for: member.key, in: ["weight", "systolic", "diastolic", "sugar"])))
        continue
      }
      let names = field.units.map(\.rawValue).joined(separator: ", ")
      guard case .string(let symbol) = member.value.value, let unit = InputUnit(symbol: symbol) else {
        collector.report(
          member.value.span.issue(.unknownReadingUnit, "expected a unit of \(field.rawValue): \(names)"))
        continue
      }
      guard field.units.contains(unit) else {
        collector.report(
          member.value.span.issue(
            .wrongUnit, "'\(unit.rawValue)' is not a unit of \(field.rawValue); use \(names)"))
        continue
      }
      units[field] = unit
    }
    return units
  }

  private static func readDay(
    _ node: JSONScanner.Node, units: [ReadingField: InputUnit], customMetrics: [Metric],
    into collector: inout ReadingsCollector
  ) {
    guard case .object(let members) = node.value else {
      collector.report(node.span.issue(.wrongValueType, "expected an object for one day's readings"))
      return
    }
    var day: Day?
    var dateSpan = node.span
    var systolicSpan: SourceSpan?
    var measurements = Measurements()
    var valid = true
    var seen = Set<String>()
    for member in members {
      guard seen.insert(member.key).inserted else {
        collector.report(member.keySpan.issue(.duplicateKey, "'\(member.key)' appears twice in one reading"))
        valid = false
        continue
      }
      let value = member.value
      if let field = ReadingField(name: member.key) {
        switch field {
        case .date:
          dateSpan = value.span
          if case .string(let text) = value.value {
            day = collector.date(text, at: value.span)
          } else {
            collector.report(value.span.issue(.wrongValueType, "'date' must be a string yyyy-mm-dd"))
          }
        case .symptoms:
          switch value.value {
          case .string(let text): measurements.symptoms = text
          case .null: break
          default:
            collector.report(value.span.issue(.wrongValueType, "'symptoms' must be a string"))
            valid = false
          }
        default:
          guard let metric = field.metric else { continue }
          switch value.value {
          case .null:
            continue
          case .number(let text):
            let unit = units[field] ?? field.units[0]
            if let steps = collector.number(text, field: field, unit: unit, at: value.span) {
              measurements.set(metric, steps: steps, enteredIn: unit)
              if field == .systolic { systolicSpan = value.span }
            } else {
              valid = false
            }
          case .string(let text):
            collector.report(
              value.span.issue(
                .wrongValueType, "'\(field.rawValue)' must be a number, not the string \"\(text)\""),
            )
            valid = false
          default:
            collector.report(value.span.issue(.wrongValueType, "'\(field.rawValue)' must be a number"))
            valid = false
          }
        }
      } else if let metric = customMetrics.first(where: { $0.name == member.key }) {
        if case .number(let text) = value.value,
          let thousandths = Rational(decimal: text)?.roundedToThousandths()
        {
          measurements.set(metric, thousandths: thousandths)
        } else if case .null = value.value {
          continue
        } else {
          collector.report(value.span.issue(.wrongValueType, "'\(metric.name)' must be a number"))
          valid = false
        }
      } else {
        collector.report(
          member.keySpan.issue(
            .unknownKey, "unknown key '\(member.key)'",
            hint: Suggestions.hint(for: member.key, in: ReadingField.allNames + customMetrics.map(\.name))
              ?? "the keys are date, weight, systolic, diastolic, sugar and symptoms"))
        valid = false
      }
    }
    guard let day else {
      if !members.contains(where: { $0.key == "date" }) {
        collector.report(node.span.issue(.missingDate, "a reading without a 'date'"))
      }
      return
    }
    collector.add(
      valid ? measurements : Measurements(), on: day, line: dateSpan.line, dateSpan: dateSpan,
      systolicSpan: valid ? systolicSpan : nil)
  }
}
