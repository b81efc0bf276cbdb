import Foundation
import IssueReporting

/// Starts child processes of an exploration: this test binary again, running only the
/// current Swift Testing test, with a request in ``ChildRequest/variable``.
struct ChildLaunch: Sendable {
    /// What a child left.
    struct Outcome {
        /// Its lines, in order.
        var lines: [ChildLine]
        /// Whether it died (a signal, or an exit without its work done).
        var crashed: Bool
        /// What it said as it died: the runtime's fatal error line, or the signal.
        var crashMessage: String
        /// How long it ran.
        var duration: Duration
    }

    /// The current test's id, without its place: the filter that selects it.
    let testID: String
    /// The test binary.
    let executable: URL
    /// The arguments that run only the current test.
    let arguments: [String]

    /// The launch of the current Swift Testing test, or `nil` outside one.
    static func forCurrentTest() -> ChildLaunch? {
        guard case .swiftTesting(let testing?)? = TestContext.current else { return nil }
        // A test's id reads `Module.Suite/name()/File.swift:line:column`: the filter is its
        // name, without the place.
        var id = String(describing: testing.test.id.rawValue)
        if let place = id.range(of: "/[^/]*\\.swift:[0-9]+:[0-9]+$", options: .regularExpression) {
            id.removeSubrange(place)
        }
        #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { return nil }
        let pattern = NSRegularExpression.escapedPattern(for: id)
        return ChildLaunch(
            testID: id, executable: executable, arguments: ["--testing-library", "swift-testing", "--filter", pattern])
    }

    /// Runs a child for `task` of the call at `callSite`, the test's explore calls before it
    /// answered with `earlier`, and reads what the child left.
    func run(_ task: ChildRequest.Task, callSite: String, earlier: [ExploreReport]) async -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvi-explore-\(UInt64.random(in: 0...UInt64.max))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("lines").path
        let errors = directory.appendingPathComponent("stderr").path
        let requestPath = directory.appendingPathComponent("request.json")
        let request = ChildRequest(callSite: callSite, earlier: earlier, output: output, task: task)
        let start = ContinuousClock.now
        guard (try? JSONEncoder().encode(request).write(to: requestPath)) != nil,
            FileManager.default.createFile(atPath: errors, contents: nil),
            let errorFile = FileHandle(forWritingAtPath: errors)
        else { return Outcome(lines: [], crashed: false, crashMessage: "", duration: .zero) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[ChildRequest.variable] = requestPath.path
        // A crash is expected: no backtrace to symbolicate, which takes seconds.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorFile
        let ended: Bool = await withCheckedContinuation { continuation in
            process.terminationHandler = { _ in continuation.resume(returning: true) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: false)
            }
        }
        try? errorFile.close()
        let duration = ContinuousClock.now - start
        guard ended else { return Outcome(lines: [], crashed: false, crashMessage: "", duration: duration) }
        let lines = (FileManager.default.contents(atPath: output) ?? Data()).split(separator: 0x0A).compactMap {
            try? JSONDecoder().decode(ChildLine.self, from: Data($0))
        }
        let stderr = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        let said = stderr.split(separator: "\n").filter { !$0.isEmpty }
        let fatal = said.first { line in
            ["Fatal error", "fatal error", "Precondition failed", "Assertion failed"].contains { line.contains($0) }
        }
        let crashed = process.terminationReason == .uncaughtSignal || process.terminationStatus != 0
        let message =
            fatal.map(String.init)
            ?? (process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)")
        return Outcome(lines: lines, crashed: crashed, crashMessage: message, duration: duration)
    }
}
