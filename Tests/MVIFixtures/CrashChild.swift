#if os(Linux)
import Foundation

/// A copy of this test binary that runs one test, the child's side of a crash test: it saves in
/// a loop, prints a ready line once its first save is done, and is killed with `SIGKILL` at a
/// random moment after. The kill loops of the state keeper's, the shared file's and the SQLite
/// storage's crash tests all start and kill their children with it.
package enum CrashChild {
    /// The child ended before it printed its ready line.
    package struct DidNotStart: Error, CustomStringConvertible {
        /// What the child printed before it ended.
        package let description: String
    }

    /// How a killed child ended.
    package struct Killed: Sendable {
        /// The number the child's ready line gave: the first value it saved.
        package let firstSaved: Int
        /// Whether the signal ended it (not an exit of its own first).
        package let diedOfTheSignal: Bool
    }

    /// Runs the test `filter` (`Suite/test`) in a copy of this binary with `environment` added,
    /// waits for its line `marker<N>`, sleeps for up to 50 ms while it goes on saving, then
    /// kills it with `SIGKILL` and waits for it.
    package static func runAndKill(filter: String, environment: [String: String], marker: String) throws -> Killed {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        // Wait for the child's first save: it prints the marker after it.
        var text = ""
        var ready: Int?
        while ready == nil {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }  // the child exited: it failed to start saving
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: marker), let end = text[range.upperBound...].firstIndex(of: "\n") {
                ready = Int(text[range.upperBound..<end])
            }
        }
        guard let firstSaved = ready else {
            child.waitUntilExit()
            throw DidNotStart(description: "the child did not start saving:\n\(text)")
        }
        // Kill it at a random moment, mid-loop.
        usleep(UInt32.random(in: 0..<50_000))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        return Killed(firstSaved: firstSaved, diedOfTheSignal: child.terminationReason == .uncaughtSignal)
    }

    /// The child's ready line, `marker<n>`, written straight to standard output (no buffer a
    /// kill could lose).
    package static func announce(_ marker: String, _ n: Int) {
        let line = Array("\(marker)\(n)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
#endif
