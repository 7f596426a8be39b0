extension RuleSet {
  /// The rule set written out in one canonical form: its id, name and window, its parameters,
  /// then each alert (id, severity, message, condition) in order, and the `otherwise` message,
  /// one per line. Two rule sets with the same text decide alike; comments, spacing and the
  /// order of declarations in the file do not change it.
  package var definitionText: String {
    var lines = ["rules \(id) \(quoted(name))", "window \(windowLength) days"]
    for name in parameters.keys.sorted() {
      lines.append("parameter \(name): \(parameters[name]!)")
    }
    for alert in alerts {
      lines.append(
        "alert \(alert.id) \(quoted(alert.message)) \(alert.severity.rawValue) when \(alert.condition)")
    }
    lines.append("otherwise \(quoted(otherwise))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The SHA-256 of ``definitionText``'s UTF-8 bytes, as 64 lowercase hexadecimal digits: which
  /// version of the rules raised an alert, carried in every notification.
  package var fingerprint: String {
    SHA256.hex(Array(definitionText.utf8))
  }

  private func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
