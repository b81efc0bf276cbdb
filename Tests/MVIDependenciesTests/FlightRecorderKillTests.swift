import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITimeTravel
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flight recorder survives `kill -9`: a child process (this test binary again, running
/// only this test) records a session, says once its flusher has written it, and is killed
/// while it goes on; the file it left decodes as an export and reruns with the recorded
/// dependency results.
@Suite struct FlightRecorderKillTests {
    static let variable = "MVI_FLIGHT_CHILD"
    /// What the child sends before it reports: the session of ``RerunTests``.
    static let session: [Queue.Intent] = [.search("swift"), .push("milk"), .push("bad eggs"), .search("forbidden")]

    @Test func whatTheFlusherWroteSurvivesKill9AndReruns() async throws {
        if let directory = ProcessInfo.processInfo.environment[Self.variable] {
            try await Self.child(directory: URL(fileURLWithPath: directory))
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvi-flight-kill-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", "FlightRecorderKillTests"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.variable] = directory.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        // The child says when every event of the session is in the file (written by the
        // flusher, not by a flush it asked for); then it sends a few more and is killed.
        let passed = directory.appendingPathComponent("passed")
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while !FileManager.default.fileExists(atPath: passed.path) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                Issue.record("the child never reported its session written (FlightRecorderKillTests, line \(#line))")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

        // Opened as the DevTools page opens an import, and rerun offline.
        let data = try Data(contentsOf: directory.appendingPathComponent("Queue.json"))
        let recording = try TimeTravel.decodeRecording(data)
        let outside = recording.events.filter { $0.kind == .intent && $0.origin == .outside }.map(\.description)
        #expect(Array(outside.prefix(4)) == Self.session.map { String(describing: $0) })
        #expect(recording.stores.first?.calls?.isEmpty == false)
        let rerun = try await TimeTravelReplay.rerun(
            data, feature: Queue(), environment: .dependencies { $0.server = .replaying })
        #expect(rerun.divergence == nil, "\(rerun)")
        #expect(rerun.unansweredCalls.isEmpty)
    }

    /// The child: records the session, waits for the flusher to write it, reports, sends a
    /// few more intents (synchronous, with a recorded call), and waits to be killed.
    static func child(directory: URL) async throws {
        let flight = FlightRecorder(directory: directory, flushInterval: .milliseconds(200))
        let store = Store(
            Queue(), initialState: .init(), name: "Queue", middleware: [try flight.register("Queue")],
            environment: .dependencies { $0.server = .recording() })
        await store.waitForIdle()
        for intent in session {
            store.send(intent)
            await store.waitForIdle()
        }
        let file = directory.appendingPathComponent("Queue.json")
        while true {
            if let data = try? Data(contentsOf: file), let recording = try? TimeTravel.decodeRecording(data),
                recording.events.filter({ $0.kind == .intent && $0.origin == .outside }).count >= session.count
            {
                break
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("passed").path, contents: nil)
        // A few more sends, fewer than the ring holds, so the session stays in it however
        // late the kill comes (a rerun needs the store's start: see <doc:KeepingAFlightRecorder>);
        // then the child waits to be killed.
        for _ in 0..<20 {
            store.send(.refreshTotal)
            try await Task.sleep(for: .milliseconds(5))
        }
        while true { try await Task.sleep(for: .seconds(1)) }
    }
}
