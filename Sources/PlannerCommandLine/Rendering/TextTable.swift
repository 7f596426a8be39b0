/// A plain-text table with aligned columns.
struct TextTable {
  enum Alignment { case left, right }

  var alignments: [Alignment]
  var rows: [[String]] = []
  var indent = "  "

  init(_ alignments: [Alignment]) { self.alignments = alignments }

  mutating func add(_ row: [String]) { rows.append(row) }

  func render() -> String {
    guard !rows.isEmpty else { return "" }
    var widths = [Int](repeating: 0, count: alignments.count)
    for row in rows {
      for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
    }
    var out = ""
    for row in rows {
      var line = indent
      for (i, cell) in row.enumerated() where i < widths.count {
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        line += alignments[i] == .left ? cell + pad : pad + cell
        if i < row.count - 1 { line += "  " }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}
