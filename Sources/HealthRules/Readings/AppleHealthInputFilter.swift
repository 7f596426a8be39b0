/// The bytes of an Apple Health export on their way to Foundation's `XMLParser`:
/// the one filter both the streaming and the in-memory reader use.
///
/// In order, each byte goes through:
///
/// 1. ``UTF8Validator``: input stops, with a located error, at the first byte
///    that is not UTF-8 (the parser traps on such names);
/// 2. ``XMLDeclarationReader``: the XML declaration at the start is checked
///    strictly (version 1.0, encoding UTF-8, closed quotes, `?>`) and blanked,
///    so no declaration reaches the parser (it reads a null pointer on some
///    malformed ones); a malformed one is a located error;
/// 3. ``DoctypeBlanker``: the document type declaration is blanked (the
///    parser crashes on `#REQUIRED` attributes), and a declaration later in the
///    prolog is a located error;
/// 4. ``ProcessingInstructionBlanker``: every processing instruction is blanked
///    (the parser reads a null pointer on one without data).
///
/// Blanks replace bytes one for one and line breaks are kept, so line and
/// column numbers the parser reports still match the file. After the first
/// ``failure`` nothing more is passed on.
///
/// - Complexity: O(n) in the bytes fed; O(1) memory apart from the output.
struct AppleHealthInputFilter: Sendable {
  private var validator = UTF8Validator()
  private var declaration = XMLDeclarationReader()
  private var doctype = DoctypeBlanker()
  private var instructions = ProcessingInstructionBlanker()
  /// Why the input stops: bytes that are not UTF-8, or a malformed or misplaced XML declaration.
  private(set) var failure: ReadingsIssue?
  /// Whether the input has ended (finished, or stopped at a failure).
  private(set) var hasEnded = false

  /// Filters the next chunk; bytes held back come out of a later call or of ``finish()``.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    guard !hasEnded else { return [] }
    let valid = validator.feed(bytes)
    let head = bytes.prefix(valid)
    var passed = declaration.isPassingThrough ? Array(head) : declaration.feed(head)
    if valid < bytes.count {
      // Only the valid bytes count; a declaration they leave unfinished is not judged.
      return stop(passed, cut: true)
    }
    if declaration.failure != nil { return stop([]) }
    if !doctype.isPassingThrough { passed = doctype.feed(passed) }
    if doctype.misplacedDeclaration != nil { return stop([]) }
    return instructions.feed(passed)
  }

  /// Ends the input: the bytes still held back, or none after a failure.
  mutating func finish() -> [UInt8] {
    guard !hasEnded else { return [] }
    validator.finish()
    return stop([], cut: validator.failure != nil)
  }

  /// Ends the input after `bytes` (the last valid ones), recording the first failure.
  ///
  /// - Parameter cut: Whether the input stopped at bytes that are not UTF-8.
  private mutating func stop(_ bytes: [UInt8], cut: Bool = false) -> [UInt8] {
    hasEnded = true
    var out: [UInt8] = []
    if declaration.failure == nil, !cut || declaration.isPassingThrough {
      let passed = bytes + declaration.finish()
      if declaration.failure == nil, doctype.misplacedDeclaration == nil {
        let blanked = doctype.feed(passed) + doctype.finish()
        if doctype.misplacedDeclaration == nil {
          out = instructions.feed(blanked) + instructions.finish()
        }
      }
    }
    if let issue = declaration.failure ?? doctype.misplacedDeclaration {
      failure = issue
      return []
    }
    if let (line, column) = validator.failure {
      failure = ReadingsIssue(
        .notUtf8, line: line, column: column, message: "the file is not valid UTF-8 here",
        hint: "Apple Health exports are UTF-8; the file may be damaged or in another encoding")
      return []
    }
    return out
  }
}
