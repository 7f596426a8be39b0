import Foundation
import HealthRules

/// `planner export-readings FILE --format fhir [--patient REF] [-o FILE]`: readings as a FHIR bundle.
enum ExportReadingsCommand: TypedCommand {
  static let name = "export-readings"
  static let abstract = "Write a readings file (or a journal) as a FHIR R4 Bundle of Observations."
  static let discussion = """
    Each reading becomes an Observation coded in LOINC with its value in UCUM, in the unit it was
    entered in: body weight 29463-7, the blood pressure panel 85354-9 (systolic 8480-6, diastolic
    8462-4), glucose 2339-0 (fasting 1558-6), heart rate 8867-4, SpO2 59408-5, temperature 8310-5.
    A context is the reading-context extension (fasting F, before meal AC, after meal PC, bedtime HS, or
    the user's words as text). A coded symptom is an Observation 75325-1 (yes) or 111551-8 (no) whose
    value is the symptom (SNOMED CT where known, and planner's code); free-text symptoms are not written.
    Times are written with this machine's time zone offset. planner health and planner log --import
    read the bundle back to the same readings.
    """

  struct Options: CommandOptions {
    var file: String?
    var format = "fhir"
    var patient = "Patient/self"
    var output: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("file", \.file, missing: "a readings file", "The readings: .csv, .json or .xml."),
        .option("format", \.format, value: "FORMAT", "fhir (a FHIR R4 Bundle, JSON; the default)."),
        .option(
          "patient", \.patient, value: "REF",
          "The Observations' subject reference (default: Patient/self)."),
        .option("output", short: "o", \.output, value: "FILE", "Write to FILE instead of standard output."),
      ]
    }

    mutating func validate() throws(CLIError) {
      guard format == "fhir" else {
        throw .usage(
          "unknown readings format '\(format.escapedForTerminal)'; expected fhir",
          hint: closestMatch(to: format, in: ["fhir"]).map { "did you mean '\($0)'?" })
      }
      if let output { try OutputFile.checkTarget(output, option: "output") }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.file else { throw .internalError("export-readings ran without its file") }
    let source = URL(fileURLWithPath: path)
    if let output = options.output {
      do throws(FHIRBundle.ExportError) {
        try FHIRBundle.export(from: source, subject: options.patient, to: URL(fileURLWithPath: output))
      } catch {
        switch error {
        case .readings(let problem): throw CLIError(problem, path: path, colors: console.errorIsTerminal)
        case .output(let failure): throw CLIError(failure, option: "output")
        }
      }
      console.err("wrote \(output.escapedForTerminal)\n")
      return
    }
    do throws(ReadingsError) {
      try FHIRBundle.export(from: source, subject: options.patient) { console.out($0) }
    } catch {
      throw CLIError(error, path: path, colors: console.errorIsTerminal)
    }
  }
}
