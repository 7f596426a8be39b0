/// Names of a model's variables and rows rewritten for a file format, each
/// unique within its kind.
///
/// A name keeps its readable shape where the format allows: CPLEX LP has no
/// square brackets, so `x[oats,day3]` becomes `x(oats,day3)`; MPS takes it as
/// it is. Characters a format does not allow become `_`; a name that could be
/// read as a number, an exponent or a keyword gets a leading `_`; names are cut
/// to 255 characters; a name already taken gets a suffix `_2`, `_3`, and so on.
struct ExportNames {
  enum Format { case cplexLP, mps }

  private(set) var variables: [String] = []
  private(set) var rows: [String] = []
  /// Names the exporter adds itself: the objective row and, when needed, the
  /// column that carries the objective's constant.
  private(set) var objective: String = "obj"
  private(set) var constantColumn: String = "obj_constant"

  init(_ model: CompactModel, format: Format) {
    var taken = Set<String>()
    func unique(_ raw: String, in taken: inout Set<String>) -> String {
      let base = Self.sanitize(raw, format: format)
      var name = base
      var suffix = 2
      while taken.contains(name) {
        name = "\(base.prefix(240))_\(suffix)"
        suffix += 1
      }
      taken.insert(name)
      return name
    }
    var rowNames = Set<String>()
    objective = unique("obj", in: &rowNames)
    for row in model.rows {
      if format == .cplexLP, row.lower != nil, row.upper != nil, row.lower != row.upper {
        // Ranged rows become two rows in LP files; reserve both names.
        rows.append(unique(row.name, in: &rowNames))
        rows.append(unique(row.name + "_hi", in: &rowNames))
      } else {
        rows.append(unique(row.name, in: &rowNames))
      }
    }
    for column in model.columns { variables.append(unique(column.name, in: &taken)) }
    constantColumn = unique("obj_constant", in: &taken)
  }

  private static let lpKeywords: Set<String> = [
    "minimize", "minimise", "minimum", "min", "maximize", "maximise", "maximum", "max", "subject", "such",
    "st",
    "s.t.", "bounds", "bound", "general", "generals", "gen", "integer", "integers", "binary", "binaries",
    "bin",
    "end", "free", "inf", "infinity",
  ]

  static func sanitize(_ raw: String, format: Format) -> String {
    var name = ""
    for scalar in raw.unicodeScalars {
      switch format {
      case .cplexLP:
        if scalar == "[" {
          name += "("
        } else if scalar == "]" {
          name += ")"
        } else if scalar.isASCII,
          scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "!\"#$%&()/,.;?@_`'{}|~".unicodeScalars.contains(scalar)
        {
          name.unicodeScalars.append(scalar)
        } else {
          name += "_"
        }
      case .mps:
        if scalar.isASCII, scalar.value > 32, scalar.value < 127 {
          name.unicodeScalars.append(scalar)
        } else {
          name += "_"
        }
      }
    }
    if name.isEmpty { name = "_" }
    if format == .cplexLP {
      let first = name.first ?? "_"
      let second = name.dropFirst().first
      let exponentLike =
        (first == "e" || first == "E")
        && (second == nil || second?.isNumber == true || second == "e" || second == "E")
      if first.isNumber || first == "." || exponentLike || lpKeywords.contains(name.lowercased()) {
        name = "_" + name
      }
    } else if name.first == "*" || name.first == "$" {
      name = "_" + name
    }
    return String(name.prefix(255))
  }
}
