// sr28-import: builds planner's food catalog file from the USDA SR28 ASCII release.
//
//   sr28-import SR28_DIR -o OUTPUT
//
// Exit codes: 0 written, 64 bad usage, 65 the release is damaged, 74 the output cannot be written.
import Foundation
import MealOptimizer

let usage = "usage: sr28-import SR28_DIR -o OUTPUT"
var arguments = Array(CommandLine.arguments.dropFirst())
var input: String?
var output: String?
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "-o", "--output":
    guard !arguments.isEmpty else {
      FileHandle.standardError.write(Data("sr28-import: '-o' needs a file name\n\(usage)\n".utf8))
      exit(64)
    }
    output = arguments.removeFirst()
  case "-h", "--help":
    print("Builds planner's food catalog file from the USDA SR28 ASCII release.\n\(usage)")
    exit(0)
  default:
    if input == nil && !argument.hasPrefix("-") {
      input = argument
    } else {
      FileHandle.standardError.write(Data("sr28-import: unexpected argument '\(argument)'\n\(usage)\n".utf8))
      exit(64)
    }
  }
}
guard let input, let output else {
  FileHandle.standardError.write(Data("\(usage)\n".utf8))
  exit(64)
}

let started = Date()
let catalog: FoodCatalog
do {
  catalog = try SR28Importer.importCatalog(from: URL(fileURLWithPath: input))
} catch {
  FileHandle.standardError.write(Data("sr28-import: \(error)\n".utf8))
  exit(65)
}
do {
  let data = try catalog.serialized()
  try data.write(to: URL(fileURLWithPath: output), options: .atomic)
  let seconds = Date().timeIntervalSince(started)
  print(
    "wrote \(output): \(catalog.count) foods, \(catalog.nutrients.count) nutrients, \(data.count) bytes in "
      + String(format: "%.2f s", seconds))
} catch {
  FileHandle.standardError.write(Data("sr28-import: cannot write '\(output)': \(error)\n".utf8))
  exit(74)
}
