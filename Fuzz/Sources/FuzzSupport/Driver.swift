import Foundation

#if FUZZING
  /// libFuzzer's driver (linked by `-sanitize=fuzzer`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif

/// Runs a fuzz target from its `main`: built with `-DFUZZING`, libFuzzer's
/// driver with the command line (SwiftPM's entry point stays the target's
/// own); otherwise a replay of the files named on the command line.
///
/// - Parameters:
///   - callback: The fuzz body for libFuzzer, as a C function.
///   - body: The same body for a replay.
public func runFuzzTarget(
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt, replay body: (Data) -> Void
) -> Never {
  #if FUZZING
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(llvmFuzzerRunDriver(&argc, &argv, callback))
  #else
    replayFiles(body)
    exit(0)
  #endif
}
