import Foundation
import FuzzDriver

/// Fails the run: libFuzzer records the input that got here as a crash.
public func violated(_ invariant: String) -> Never {
    fatalError("invariant violated: \(invariant)")  // stopping with the breaking input is the point
}

/// A fuzz target's `main`: `--write-seeds DIR` writes the seed corpus with `writeSeeds`;
/// anything else runs libFuzzer on `testOneInput` with the process's command line
/// (libFuzzer's flags and corpus directories).
public func runFuzzer(
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt,
    writeSeeds: (URL) -> Void
) -> Never {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "--write-seeds" {
        writeSeeds(URL(fileURLWithPath: arguments[2]))
        exit(0)
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
