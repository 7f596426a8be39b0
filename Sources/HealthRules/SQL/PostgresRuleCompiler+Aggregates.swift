extension PostgresRuleCompiler {
  /// An aggregate over a range of days, computed as ``AggregateKernel`` computes it: the same
  /// minimum count, the same running 64-bit overflow checks, the same unreduced result.
  mutating func aggregate(
    _ aggregate: Aggregate, _ metric: Metric, _ range: DayRange, requested: Int?
  ) throws(SQLError) -> Number {
    guard let days = range.dayNumbers(inWindowOf: length) else {
      throw SQLError(
        .invalidRules, construct: range.description,
        message: "'\(range)' is not within the \(length)-day window")
    }
    var values: [String] = []
    for day in days { values.append(try slotColumn(metric, day: day)) }
    let minimum = AggregateKernel.effectiveMinimum(aggregate, requested: requested)
    let count = "(" + values.map { "(\($0) IS NOT NULL)::int" }.joined(separator: " + ") + ")"
    let enough = "\(count) >= \(minimum)"
    let zeroed = values.map { "coalesce(\($0), 0)" }
    // Every running sum of the present readings, in day order, as the kernel checks them.
    let prefixSums = zeroed.indices.map { "(" + zeroed[...$0].joined(separator: " + ") + ")" }
    let sumFits = prefixSums.map(SQLText.fits).joined(separator: " AND ")
    let total = prefixSums[prefixSums.count - 1]
    let first = "coalesce(" + values.joined(separator: ", ") + ")"
    let last = "coalesce(" + values.reversed().joined(separator: ", ") + ")"
    let steps = metric.unit.storageScale
    let scale = "\(steps)::numeric"
    var result: Number
    switch aggregate {
    case .mean:
      result = guardedNumerator(
        "\(enough) AND \(count) > 0 AND \(sumFits) AND \(total) <> \(SQLText.int64Min)", numerator: total,
        denominator: "(greatest(\(count), 1)::numeric * \(steps))", level: 1)
    case .sum:
      result = guardedNumerator(
        "\(enough) AND \(sumFits) AND \(total) <> \(SQLText.int64Min)", numerator: total,
        denominator: scale, level: 1)
    case .count:
      result = guardedNumerator(enough, numerator: "\(count)::numeric", denominator: "1::numeric", level: 1)
    case .min, .max:
      let function = aggregate == .min ? "least" : "greatest"
      result = guardedNumerator(
        "\(enough) AND \(count) > 0", numerator: "\(function)(\(values.joined(separator: ", ")))",
        denominator: scale, level: 1)
    case .first:
      result = guardedNumerator(
        "\(enough) AND \(count) > 0", numerator: first, denominator: scale, level: 1)
    case .last:
      result = guardedNumerator(
        "\(enough) AND \(count) > 0", numerator: last, denominator: scale, level: 1)
    case .change:
      let difference = "(\(last) - \(first))"
      result = guardedNumerator(
        "\(enough) AND \(count) >= 2 AND \(SQLText.fitsAboveMinimum(difference))", numerator: difference,
        denominator: scale, level: 1)
    case .percentChange:
      let difference = "(\(last) - \(first))"
      let defined =
        "\(enough) AND \(count) >= 2 AND \(first) <> 0 AND \(SQLText.fitsAboveMinimum(difference))"
      // Rational(difference, first): in lowest terms, the sign on the numerator.
      let divisor = "gcd(abs(\(difference)), abs(\(first)))"
      result = guarded(
        defined, numerator: "(sign(\(first)) * div(\(difference), \(divisor)))",
        denominator: "div(abs(\(first)), \(divisor))", level: 1)
    case .median:
      result = median(values, count: count, enough: enough, steps: steps)
    case .slope:
      result = slope(
        values, count: count, enough: enough, prefixSums: prefixSums, sumFits: sumFits, steps: steps)
    }
    let slot = slotName(metric)
    let note = Note(
      condition: "\(count) < \(minimum)",
      json: missingJSON(
        metric: metric.name, range: range.description, days: days,
        isMissing: { day in
          "w.\(slot)_\(day) IS NULL"
        }, needed: "\(minimum)", found: count))
    result.notes = [note]
    return result
  }

  /// The middle reading, or the halved sum of the two middle ones, from the sorted present readings.
  private mutating func median(_ values: [String], count: String, enough: String, steps: Int64) -> Number {
    let rows = values.map { "(\($0))" }.joined(separator: ", ")
    let from =
      "(SELECT array_agg(t.v ORDER BY t.v) FILTER (WHERE t.v IS NOT NULL) AS s FROM (VALUES \(rows)) AS t(v)) AS q"
    let middle = "q.s[\(count) / 2 + 1]"
    let pair = "(q.s[\(count) / 2] + q.s[\(count) / 2 + 1])"
    let defined = "\(enough) AND \(count) > 0"
    let odd = "\(count) % 2 = 1"
    let alias = addSourceStep(
      columns: [
        (
          "n",
          "CASE WHEN \(defined) THEN CASE WHEN \(odd) THEN \(middle) WHEN \(SQLText.fitsAboveMinimum(pair)) THEN \(pair) END END"
        ),
        (
          "d",
          "CASE WHEN \(defined) THEN CASE WHEN \(odd) THEN \(steps)::numeric WHEN \(SQLText.fitsAboveMinimum(pair)) THEN \(2 * steps)::numeric END END"
        ),
      ], from: from)
    return Number(numerator: "\(alias).n", denominator: "\(alias).d", level: 1, notes: [])
  }

  /// The least-squares slope per day with x the day's offset in the range, checked as the kernel checks it.
  private mutating func slope(
    _ values: [String], count: String, enough: String, prefixSums: [String], sumFits: String, steps: Int64
  ) -> Number {
    let products = values.indices.map { "(\($0) * \(values[$0]))" }
    let productsFit = products.map { "coalesce(\(SQLText.fits($0)), true)" }.joined(separator: " AND ")
    let zeroedProducts = products.map { "coalesce(\($0), 0)" }
    let productSums = zeroedProducts.indices.map {
      "(" + zeroedProducts[...$0].joined(separator: " + ") + ")"
    }
    let productSumsFit = productSums.map(SQLText.fits).joined(separator: " AND ")
    let sx =
      "(" + values.indices.map { "\($0) * (\(values[$0]) IS NOT NULL)::int" }.joined(separator: " + ") + ")"
    let sxx =
      "(" + values.indices.map { "\($0 * $0) * (\(values[$0]) IS NOT NULL)::int" }.joined(separator: " + ")
      + ")"
    let sy = prefixSums[prefixSums.count - 1]
    let sxy = productSums[productSums.count - 1]
    let sums = guarded(
      "\(enough) AND \(count) >= 2 AND \(sumFits) AND \(productsFit) AND \(productSumsFit)", numerator: sxy,
      denominator: sy, level: 1)
    // sums.numerator is Σxy, sums.denominator is Σy (both NULL unless defined).
    let a = "(\(count)::numeric * \(sums.numerator))"
    let b = "(\(sx)::numeric * \(sums.denominator))"
    let numerator = "(\(a) - \(b))"
    let spread = "(\(count) * \(sxx) - \(sx) * \(sx))"
    let defined =
      "\(SQLText.fits(a)) AND \(SQLText.fits(b)) AND \(SQLText.fitsAboveMinimum(numerator)) AND \(spread) > 0"
    return guardedNumerator(
      defined, numerator: numerator, denominator: "(greatest(\(spread), 1)::numeric * \(steps))", level: 2)
  }
}
