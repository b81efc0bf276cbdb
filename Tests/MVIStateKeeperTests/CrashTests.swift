#if os(Linux)
import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
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
    /// What the kill loop found, checked on the test's own task.
    struct CrashReport: Sendable {
        var torn = 0
        var advanced = 0
        var killedMidWrite = 0
        var last = 0
        var problems: [String] = []
        var directory = ""
    }

    /// The kill loop blocks (pipe reads, sleeps, waiting for the child), so it runs on a
    /// thread of its own: on the cooperative pool it would starve the other tests for a minute.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try body() })
            }.start()
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func sigkillDuringSavesNeverTearsTheFile() async throws {
        let report = try await Self.onOwnThread { try Self.killSavingChildren(runs: 100) }
        for problem in report.problems { Issue.record(Comment(rawValue: problem)) }
        #expect(report.torn == 0)
        print(
            "state keeper crash test: 100 SIGKILLs, torn files: \(report.torn), killed mid-write: \(report.killedMidWrite), file advanced past the first save: \(report.advanced), last state: \(report.last)"
        )
        // The next load sweeps the temporary files the killed writers left.
        let storage = FileStateStorage(directory: report.directory)
        _ = try storage.load("crash")
        #expect(try files(in: report.directory) == ["crash.json"])
    }

    /// The same through a symbolic link (issue 28, item 5): the target is replaced atomically
    /// and the link stays a link.
    @Test(.timeLimit(.minutes(5)))
    func sigkillDuringSavesThroughALinkNeverTearsTheTarget() async throws {
        let report = try await Self.onOwnThread { try Self.killSavingChildren(runs: 30, throughLink: true) }
        for problem in report.problems { Issue.record(Comment(rawValue: problem)) }
        #expect(report.torn == 0)
        var info = stat()
        #expect(lstat(report.directory + "/crash.json", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    }

    struct ChildDidNotStart: Error, CustomStringConvertible {
        let description: String
    }

    static func killSavingChildren(runs: Int, throughLink: Bool = false) throws -> CrashReport {
        var report = CrashReport()
        let directory = try temporaryDirectory()
        report.directory = directory
        let storage = FileStateStorage(directory: directory)
        // Through a link, the file is the link's target, in a directory of its own.
        let fileDirectory = throughLink ? try temporaryDirectory("crash-target") : directory
        let path = "\(fileDirectory)/crash.json"
        if throughLink { symlink(path, storage.path(for: "crash")) }
        for run in 0..<runs {
            let killed: CrashChild.Killed
            do {
                killed = try CrashChild.runAndKill(
                    filter: "CrashTests/savingInALoopUntilKilled", environment: [childDirectoryVariable: directory],
                    marker: readyMarker)
            } catch {
                throw ChildDidNotStart(description: "run \(run): \(error)")
            }
            let readyN = killed.firstSaved
            if readyN <= report.last {
                report.problems.append("run \(run): the child restored \(readyN - 1), the file had \(report.last)")
            }
            if !killed.diedOfTheSignal {
                report.problems.append("run \(run): the child was not killed by the signal")
            }

            let leftovers = try files(in: fileDirectory).filter { $0.hasPrefix(".crash.json.tmp-") }
            report.killedMidWrite += leftovers.isEmpty ? 0 : 1
            let bytes = try readFile(path)
            guard let saved = try? JSONDecoder().decode(Envelope<CrashState>.self, from: Data(bytes)),
                saved.state.isConsistent, saved.state.n >= readyN
            else {
                report.torn += 1
                report.problems.append("run \(run): torn or stale file, \(bytes.count) bytes")
                continue
            }
            if saved.state.n > readyN { report.advanced += 1 }
            report.last = saved.state.n
        }
        return report
    }

    /// The child's side of the crash test; it runs only in the child process.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childDirectoryVariable] != nil))
    func savingInALoopUntilKilled() throws {
        let directory = try #require(ProcessInfo.processInfo.environment[childDirectoryVariable])
        let keeper = StateKeeper<CrashState, CrashState>(
            storage: FileStateStorage(directory: directory), key: "crash")
        var n = (try keeper.load()?.n ?? 0) + 1
        try keeper.save(CrashState(n))
        CrashChild.announce(readyMarker, n)
        while n < Int.max {
            n += 1
            try keeper.save(CrashState(n))
        }
    }
}
#endif
