extension NutrientCondition {
  /// Why a condition's text could not be read.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column in the text where the problem starts.
    public var column: Int
    /// What is wrong, lowercase, no final period.
    public var message: String

    public init(column: Int, message: String) {
      self.column = column
      self.message = message
    }

    public var description: String { "\(column): \(message)" }
  }

  /// Reads a condition written as text: `protein >= 20 g`, `sodium < 140 mg per cup`.
  ///
  /// The form is `NUTRIENT OP AMOUNT [UNIT] [per 100 g | per MEASURE]`, where
  /// `NUTRIENT` is a canonical name or alias from ``NutrientTable``, `OP` one
  /// of `<`, `<=`, `>`, `>=`, `=`, `==`, and `UNIT` (if given) a unit of the
  /// same kind as the nutrient's canonical unit (`g`, `mg`, `µg`/`ug`/`mcg`
  /// for masses, `kcal`, `kJ`, `IU`); the amount is converted to the canonical
  /// unit. Without `per`, the amount is per 100 g.
  ///
  /// ```swift
  /// try NutrientCondition(parsing: "protein >= 20 g")            // per 100 g
  /// try NutrientCondition(parsing: "calcium >= 0.2 g per cup")  // 200 mg per cup
  /// ```
  ///
  /// - Parameter text: The condition.
  /// - Throws: ``ParseError`` with the column of the first problem, such as
  ///   an unknown nutrient (with a suggestion) or a unit of the wrong kind.
  public init(parsing text: String) throws(ParseError) {
    var words = Self.words(of: text)
    func take(_ what: String) throws(ParseError) -> (text: String, column: Int) {
      guard !words.isEmpty else {
        throw ParseError(column: text.count + 1, message: "expected \(what) after '\(text)'")
      }
      return words.removeFirst()
    }
    let name = try take("a nutrient")
    guard let definition = NutrientTable.lookup(name.text.lowercased()) else {
      var message = "unknown nutrient '\(name.text)'"
      let known = NutrientTable.allNames
      if let close = known.min(by: { Self.distance(name.text, $0) < Self.distance(name.text, $1) }),
        Self.distance(name.text, close) <= 2
      {
        message += "; did you mean '\(close)'?"
      }
      throw ParseError(column: name.column, message: message)
    }
    let symbol = try take("a comparison such as '>='")
    let comparisons: [String: Comparison] = [
      "<": .lessThan, "<=": .atMost, ">": .greaterThan, ">=": .atLeast, "=": .equal,
      "==": .equal,
    ]
    guard let comparison = comparisons[symbol.text] else {
      throw ParseError(
        column: symbol.column, message: "expected '<', '<=', '>', '>=' or '==', found '\(symbol.text)'")
    }
    var number = try take("an amount")
    // "20g": the unit may follow the number without a space.
    if let split = number.text.firstIndex(where: { $0.isLetter || $0 == "µ" || $0 == "μ" }),
      split != number.text.startIndex
    {
      let offset = number.text.distance(from: number.text.startIndex, to: split)
      words.insert((String(number.text[split...]), number.column + offset), at: 0)
      number.text = String(number.text[..<split])
    }
    guard var amount = Double(number.text), amount.isFinite else {
      throw ParseError(column: number.column, message: "'\(number.text)' is not a number")
    }
    var basis = Basis.per100g
    if let unit = words.first, unit.text.lowercased() != "per" {
      words.removeFirst()
      amount = try Self.convert(amount, from: unit, to: definition.unit)
    }
    if let per = words.first {
      words.removeFirst()
      guard per.text.lowercased() == "per" else {
        throw ParseError(column: per.column, message: "expected 'per' or the end, found '\(per.text)'")
      }
      let what = try take("'100 g' or a measure name")
      if what.text == "100" {
        let grams = try take("'g'")
        guard grams.text == "g" else {
          throw ParseError(column: grams.column, message: "expected 'g' after 'per 100'")
        }
      } else {
        basis = .perMeasure(what.text)
      }
    }
    if let extra = words.first {
      throw ParseError(column: extra.column, message: "unexpected '\(extra.text)'")
    }
    self.init(definition.nutrient, comparison, amount, basis: basis)
  }

  private static func convert(
    _ amount: Double, from unit: (text: String, column: Int), to canonical: NutrientUnit
  )
    throws(ParseError) -> Double
  {
    let spellings: [String: NutrientUnit] = [
      "g": .gram, "mg": .milligram, "µg": .microgram, "μg": .microgram, "ug": .microgram, "mcg": .microgram,
      "kcal": .kilocalorie, "kj": .kilojoule, "iu": .internationalUnit,
    ]
    guard let given = spellings[unit.text.lowercased()] else {
      throw ParseError(column: unit.column, message: "unknown unit '\(unit.text)'")
    }
    if given == canonical { return amount }
    guard let from = given.grams, let to = canonical.grams else {
      throw ParseError(
        column: unit.column,
        message: "'\(unit.text)' cannot measure a nutrient counted in '\(canonical.rawValue)'")
    }
    return amount * from / to
  }

  /// The words of the text with their 1-based columns; operators are words of their own.
  private static func words(of text: String) -> [(text: String, column: Int)] {
    var result: [(text: String, column: Int)] = []
    var current = ""
    var start = 0
    func flush() {
      if !current.isEmpty { result.append((current, start + 1)) }
      current = ""
    }
    for (offset, character) in text.enumerated() {
      let isOperator = "<>=".contains(character)
      let currentIsOperator = current.first.map { "<>=".contains($0) } ?? false
      if character.isWhitespace {
        flush()
        continue
      }
      if !current.isEmpty && isOperator != currentIsOperator { flush() }
      if current.isEmpty { start = offset }
      current.append(character)
    }
    flush()
    return result
  }

  private static func distance(_ left: String, _ right: String) -> Int {
    EditDistance.distance(left.lowercased(), right, limit: 3) ?? 4
  }
}
