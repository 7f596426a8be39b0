/// The units a patient chose to see readings in, whatever unit they were entered in.
///
/// Without a choice, each reading is shown in the unit it was entered in (a kg
/// journal reads in kg). Showing is display only: values are kept and compared
/// exactly in canonical storage steps, so a verdict is the same in every unit.
package enum UnitSystem: String, Sendable, Hashable, CaseIterable, Codable {
  /// Kilograms, mmHg, mmol/L.
  case metric
  /// Pounds, mmHg, mg/dL.
  case us

  /// The unit this system shows values of a canonical unit in, or `nil` for a unit it
  /// has no choice for (plain numbers, days, custom metrics).
  package func unit(for canonical: ValueUnit) -> InputUnit? {
    switch (self, canonical) {
    case (.metric, .pound): return .kilogram
    case (.us, .pound): return .pound
    case (_, .mmHg): return .mmHg
    case (.metric, .mgPerDL): return .mmolPerL
    case (.us, .mgPerDL): return .mgPerDL
    default: return nil
    }
  }
}

extension InputUnit {
  /// Converts a value in the canonical unit to this unit, exactly; `nil` on overflow.
  package func fromCanonical(_ value: Rational) -> Rational? {
    value.divided(by: factor)
  }

  /// The shortest decimal in this unit that reads back (``storageSteps(_:)``) to the same
  /// storage steps as `value` (in the canonical unit): `82.4` for 82.4 kg however it is held.
  ///
  /// - Parameters:
  ///   - value: A value in the canonical unit, such as a reading.
  ///   - scale: The storage steps per canonical unit (``ValueUnit/storageScale``).
  package func shortestDecimal(_ value: Rational, scale: Int64) -> String {
    guard let steps = value.roundedToSteps(scale), let exact = fromCanonical(value) else {
      return value.formatted()
    }
    for digits in 0...12 {
      let text = exact.formatted(maximumFractionDigits: digits)
      if let read = Rational(decimal: text), storageSteps(read) == steps { return text }
    }
    return exact.formatted(maximumFractionDigits: 12)
  }
}
