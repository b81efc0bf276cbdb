#if os(Linux)
import Foundation
import MVI
import Testing

/// A state big enough that a write takes a while, and self-checking: every value equals `n`,
/// so a file mixing two states would be caught.
struct CrashState: Codable, Sendable, Equatable {
    var n: Int
    var values: [Int]

    init(_ n: Int) {
        self.n = n
        values = Array(repeating: n, count: 2_000)
    }

    var isConsistent: Bool { values.count == 2_000 && values.allSatisfy { $0 == n } }
}

private let childDirectoryVariable = "MVI_STATE_KEEPER_CRASH_CHILD_DIRECTORY"
private let readyMarker = "MVI-CRASH-READY "

/// Process death at random moments: a child process saves in a loop through a
/// `FileStateStorage` and is killed with SIGKILL, 100 times; after every kill the file must
/// hold a whole state, the last one the child finished saving or the one it was writing.
@Suite struct CrashTests {
    @Test(.timeLimit(.minutes(5)))
    func sigkillDuringSavesNeverTearsTheFile() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        let path = storage.path(for: "crash")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var torn = 0
        var advanced = 0
        var killedMidWrite = 0
        var last = 0
        let runs = 100
        for run in 0 ..< runs {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = [
                "--testing-library", "swift-testing", "--filter", "CrashTests/savingInALoopUntilKilled",
            ]
            var environment = ProcessInfo.processInfo.environment
            environment[childDirectoryVariable] = directory
            child.environment = environment
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
                if let range = text.range(of: readyMarker),
                   let end = text[range.upperBound...].firstIndex(of: "\n") {
                    ready = Int(text[range.upperBound ..< end])
                }
            }
            let readyN = try #require(ready, "run \(run): the child did not start saving:\n\(text)")
            #expect(readyN > last, "run \(run): the child restored \(readyN - 1), the file had \(last)")

            // Kill it at a random moment, mid-loop.
            usleep(UInt32.random(in: 0 ..< 50_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)

            let leftovers = try files(in: directory).filter { $0.hasPrefix(".crash.json.tmp-") }
            killedMidWrite += leftovers.isEmpty ? 0 : 1
            let bytes = try readFile(path)
            guard let saved = try? JSONDecoder().decode(Envelope<CrashState>.self, from: Data(bytes)),
                  saved.state.isConsistent, saved.state.n >= readyN
            else {
                torn += 1
                Issue.record("run \(run): torn or stale file, \(bytes.count) bytes")
                continue
            }
            if saved.state.n > readyN { advanced += 1 }
            last = saved.state.n
        }
        #expect(torn == 0)
        print("state keeper crash test: \(runs) SIGKILLs, torn files: \(torn), killed mid-write: \(killedMidWrite), file advanced past the first save: \(advanced), last state: \(last)")
        // The next load sweeps the temporary files the killed writers left.
        _ = try storage.load("crash")
        #expect(try files(in: directory) == ["crash.json"])
    }

    /// The child's side of the crash test; it runs only in the child process.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childDirectoryVariable] != nil))
    func savingInALoopUntilKilled() throws {
        let directory = try #require(ProcessInfo.processInfo.environment[childDirectoryVariable])
        let keeper = StateKeeper<CrashState, CrashState>(
            storage: FileStateStorage(directory: directory), key: "crash")
        var n = (try keeper.load()?.n ?? 0) + 1
        try keeper.save(CrashState(n))
        let line = Array("\(readyMarker)\(n)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        while n < Int.max {
            n += 1
            try keeper.save(CrashState(n))
        }
    }
}
#endif
