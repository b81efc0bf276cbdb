#if os(Linux)
import Foundation

/// Copies of this test binary, each running one test as a child process, that the parent
/// talks to by lines: the child prints `marker<text>` lines to standard output and reads
/// lines the parent writes to its standard input. The multi-process storage tests run their
/// children with it.
package final class ChildProcess: @unchecked Sendable {  // handed task to thread and back, never two at once
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private var buffered = ""
    /// Every line the child printed so far, for a failure's message.
    package private(set) var printed = ""

    /// Starts the test `filter` (`Suite/test`) in a copy of this binary with `environment` added.
    package init(filter: String, environment: [String: String]) throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The child ended before it printed the line asked for.
    package struct Ended: Error, CustomStringConvertible {
        /// What the child printed.
        package let description: String
    }

    /// Blocks until the child prints a line starting with `marker`, and returns the rest of it.
    package func line(after marker: String) throws -> String {
        while true {
            if let range = buffered.range(of: marker), let end = buffered[range.upperBound...].firstIndex(of: "\n") {
                let text = String(buffered[range.upperBound..<end])
                buffered = String(buffered[buffered.index(after: end)...])
                return text
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { throw Ended(description: "the child ended before \(marker):\n\(buffered)") }
            buffered += String(decoding: data, as: UTF8.self)
            printed += String(decoding: data, as: UTF8.self)
        }
    }

    /// Writes `line` and a newline to the child's standard input.
    package func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits for the child to end; `true` if it exited with status 0.
    @discardableResult
    package func wait() -> Bool {
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// Ends the child with `SIGKILL` if it still runs.
    package func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    // MARK: The child's side

    /// Prints `marker<text>` straight to standard output (no buffer to lose).
    package static func announce(_ marker: String, _ text: String) {
        let line = Array("\(marker)\(text)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// Reads one line from standard input (blocking); `nil` at its end.
    package static func readLineFromParent() -> String? {
        readLine()
    }
}
#endif
