import Diagnostics

extension DiagnosticMessage {
  static func badProfile(_ message: String, at range: SourceRange) -> Diagnostic {
    make(
      .badProfile, message, at: range,
      hint: "a profile is 'age 41; sex female; height 165 cm; weight 68 kg; activity low_active'")
  }
}
