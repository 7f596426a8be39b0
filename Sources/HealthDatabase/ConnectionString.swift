/// Keeps passwords out of messages that show a libpq connection string.
///
/// libpq repeats parts of a malformed connection string in its errors
/// (`missing "=" after "clinic:hunter2@db" in connection info string`). Before such a
/// message is shown, every password the string holds is replaced by `***`:
///
/// - the user information of a URL, `postgresql://clinic:hunter2@db/health` (the text
///   between the `:` and the `@`, also when the scheme is misspelled or missing);
/// - a `password=hunter2` or `password = 'hunter 2'` pair of the `key=value` form;
/// - a `password=hunter2` query parameter of a URL (`?password=hunter2&sslmode=require`).
///
/// Each password is replaced as written and, when it is percent-encoded, decoded too.
package enum ConnectionString {
  /// `message` with every password of `connection` replaced by `***`.
  ///
  /// ```swift
  /// ConnectionString.redacting("bad \"clinic:hunter2@db\"", in: "clinic:hunter2@db")  // bad "clinic:***@db"
  /// ```
  package static func redacting(_ message: String, in connection: String) -> String {
    var result = message
    let secrets = passwords(in: connection).flatMap { [$0, percentDecoded($0)] }.filter { !$0.isEmpty }
    for secret in Set(secrets).sorted(by: { $0.utf8.count > $1.utf8.count }) {
      result = replacing(secret, with: "***", in: result)
    }
    return result
  }

  /// `connection` itself with its passwords replaced by `***`, fit to show.
  package static func redacted(_ connection: String) -> String {
    redacting(connection, in: connection)
  }

  /// The passwords a connection string holds, as written in it.
  static func passwords(in connection: String) -> [String] {
    let scalars = Array(connection.unicodeScalars)
    var found: [String] = []
    // URL user information: before each `@`, back to a `/`, a space or the start; after the first `:`.
    for (at, scalar) in scalars.enumerated() where scalar == "@" {
      var start = at
      while start > 0, scalars[start - 1] != "/", !isSpace(scalars[start - 1]) { start -= 1 }
      if let colon = scalars[start..<at].firstIndex(of: ":") {
        found.append(text(scalars[(colon + 1)..<at]))
      }
    }
    // `password=…` in the key=value form (a word on its own) or in a URL's query (after `?` or `&`).
    let key = Array("password".unicodeScalars)
    var index = 0
    while index + key.count <= scalars.count {
      let before = index == 0 ? nil : scalars[index - 1]
      let boundary = before.map { isSpace($0) || $0 == "?" || $0 == "&" } ?? true
      guard boundary, Array(scalars[index..<(index + key.count)]) == key else {
        index += 1
        continue
      }
      let inQuery = before == "?" || before == "&"
      var cursor = index + key.count
      while cursor < scalars.count, isSpace(scalars[cursor]), !inQuery { cursor += 1 }
      guard cursor < scalars.count, scalars[cursor] == "=" else {
        index += 1
        continue
      }
      cursor += 1
      while cursor < scalars.count, isSpace(scalars[cursor]), !inQuery { cursor += 1 }
      var value = String.UnicodeScalarView()
      var raw = cursor
      if !inQuery, cursor < scalars.count, scalars[cursor] == "'" {
        // A quoted value: up to the closing quote, `\'` and `\\` escaped (or to the end).
        raw += 1
        var position = raw
        while position < scalars.count, scalars[position] != "'" {
          if scalars[position] == "\\", position + 1 < scalars.count { position += 1 }
          value.append(scalars[position])
          position += 1
        }
        found.append(text(scalars[raw..<position]))
        cursor = position
      } else {
        while cursor < scalars.count, !(inQuery ? scalars[cursor] == "&" : isSpace(scalars[cursor])) {
          value.append(scalars[cursor])
          cursor += 1
        }
      }
      found.append(String(value))
      index = max(cursor, index + 1)
    }
    return found
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}"
      || scalar == "\u{0C}"
  }

  private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  /// `%41` decoded to `A`, byte by byte; text that is not valid percent-encoding is left as it is.
  static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with every occurrence of `target` replaced, compared by UTF-8 bytes (not by
  /// grapheme cluster, so a password next to a combining mark is still found).
  private static func replacing(_ target: String, with replacement: String, in text: String) -> String {
    let needle = Array(target.utf8)
    let haystack = Array(text.utf8)
    guard !needle.isEmpty, haystack.count >= needle.count else { return text }
    var result: [UInt8] = []
    var index = 0
    while index < haystack.count {
      if index + needle.count <= haystack.count,
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        result += replacement.utf8
        index += needle.count
      } else {
        result.append(haystack[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
