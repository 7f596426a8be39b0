/// A named numeric series in the readings, such as weight or systolic pressure, with its canonical unit.
///
/// The four built-in metrics have fixed slots in every ``Window``; any other
/// name (`heart_rate`, `temperature`) is a custom metric kept beside them.
public struct Metric: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The metric's name as rules and files spell it: lowercase, `snake_case`.
  public let name: String
  /// The canonical unit its values are stored in.
  public let unit: ValueUnit

  /// Creates a metric; built-in names always get their built-in unit.
  ///
  /// - Parameters:
  ///   - name: The metric's name.
  ///   - unit: The canonical unit of a custom metric.
  public init(name: String, unit: ValueUnit) {
    if let builtin = Metric.builtins.first(where: { $0.name == name }) {
      self = builtin
    } else {
      self.name = name
      self.unit = unit
    }
  }

  private init(builtin name: String, unit: ValueUnit) {
    self.name = name
    self.unit = unit
  }

  /// Body weight, in pounds.
  public static let weight = Metric(builtin: "weight", unit: .pound)
  /// Systolic blood pressure, in mmHg.
  public static let systolic = Metric(builtin: "systolic", unit: .mmHg)
  /// Diastolic blood pressure, in mmHg.
  public static let diastolic = Metric(builtin: "diastolic", unit: .mmHg)
  /// Blood glucose (morning sugar), in mg/dL.
  public static let sugar = Metric(builtin: "sugar", unit: .mgPerDL)

  /// The built-in metrics in slot order.
  public static let builtins: [Metric] = [.weight, .systolic, .diastolic, .sugar]

  /// The slot of a built-in metric (0...3), or `nil` for a custom metric.
  var builtinIndex: Int? {
    switch name {
    case "weight": return 0
    case "systolic": return 1
    case "diastolic": return 2
    case "sugar": return 3
    default: return nil
    }
  }

  /// The name.
  public var description: String { name }
}
