#if os(Linux)
import Foundation
import MVI
import MVIFixtures
import MVIStateKeeper
import Testing

/// A feature whose whole state is one `CrashState`, bound to a shared value saved in a file.
struct Tally: Feature {
    struct State: Equatable, Sendable {
        var tally = CrashState(0)
    }

    enum Intent: Sendable { case next }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Intent) {
        state.tally = CrashState(state.tally.n + 1)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
}

private let childDirectoryVariable = "MVI_SHARED_FILE_CRASH_CHILD_DIRECTORY"
private let readyMarker = "MVI-SHARED-READY "

/// A `Shared` value saved with `.file(directory:key:)`: it survives a restart and a
/// `kill -9` mid-write, a file it cannot read is reported and never written over, and a
/// change made to the file from outside reaches the stores.
@Suite struct SharedFileTests {
    func tallyStore(_ shared: Shared<CrashState>) -> Store<Tally> {
        Store(Tally(), initialState: .init(), sharing: [.init(\.tally, shared)])
    }

    @Test func theValueSurvivesARestart() async throws {
        let directory = try temporaryDirectory()
        do {
            let shared = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
            let store = tallyStore(shared)
            store.send(.next)
            store.send(.next)
            #expect(shared.value.n == 2)
            try await shared.save()
        }
        let restarted = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        #expect(restarted.value.n == 2)
        #expect(tallyStore(restarted).state.tally.n == 2)
    }

    @Test func badContentsAreReportedMovedAsideAndSavingGoesOn() async throws {
        let directory = try temporaryDirectory()
        let path = FileStateStorage(directory: directory).path(for: "tally")
        try Data("{\"version\": 1, \"state\": {\"n\": ".utf8).write(to: URL(fileURLWithPath: path))
        let (handler, errors) = recordingHandler()
        let shared = Shared(
            CrashState(7), storage: .file(directory: directory, key: "tally", watchInterval: nil), onError: handler)
        #expect(shared.value.n == 7)
        #expect(errors.values.count == 1)
        let error = try #require(errors.values.first?.underlying as? StateKeeperError)
        guard case .truncated = error.reason else {
            Issue.record("expected truncated contents, got \(error.reason)")
            return
        }
        let aside = try #require(error.movedAsideTo)
        #expect(FileManager.default.fileExists(atPath: aside))
        tallyStore(shared).send(.next)
        try await shared.save()
        let reloaded = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        #expect(reloaded.value.n == 8)
    }

    @Test func aFileThatCannotBeReadIsNeverWrittenOver() async throws {
        let directory = try temporaryDirectory()
        let path = FileStateStorage(directory: directory).path(for: "tally")
        // Not a regular file: the storage cannot read it, and must not replace it.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path + "/inside"))
        let (handler, errors) = recordingHandler()
        let shared = Shared(
            CrashState(1), storage: .file(directory: directory, key: "tally", watchInterval: nil), onError: handler)
        let store = tallyStore(shared)
        store.send(.next)
        #expect(store.state.tally.n == 2)
        await #expect(throws: StateKeeperError.self) { try await shared.save() }
        store.send(.next)  // a later change tries again, and is refused again, not reported again
        await #expect(throws: StateKeeperError.self) { try await shared.save() }
        #expect(errors.values.count == 2)  // the read, then the first refused save
        let refusal = try #require(errors.values.last?.underlying as? StateKeeperError)
        guard case .savingRefused = refusal.reason else {
            Issue.record("expected a refused save, got \(refusal.reason)")
            return
        }
        #expect(try String(contentsOfFile: path + "/inside", encoding: .utf8) == "keep me")
    }

    @Test func aChangeToTheFileFromOutsideReachesTheStores() async throws {
        let directory = try temporaryDirectory()
        // Two windows (or processes), each with its own shared value on the same file.
        let firstFile = KeptSharedStorage<CrashState>.file(directory: directory, key: "tally", watchInterval: nil)
        let secondFile = KeptSharedStorage<CrashState>.file(directory: directory, key: "tally", watchInterval: nil)
        let first = Shared(CrashState(0), storage: firstFile)
        let second = Shared(CrashState(0), storage: secondFile)
        let firstStore = tallyStore(first)
        let secondStore = tallyStore(second)
        firstStore.send(.next)
        firstStore.send(.next)
        try await first.save()
        firstFile.checkForChanges()  // its own saves are not changes from outside
        #expect(firstStore.state.tally.n == 2)
        secondFile.checkForChanges()
        #expect(secondStore.state.tally.n == 2)
        secondStore.send(.next)
        try await second.save()
        firstFile.checkForChanges()
        #expect(firstStore.state.tally.n == 3)
        #expect(first.value == second.value)
    }

    /// A file of a newer version written from outside while the app runs (issue 44): reported
    /// (it was moved aside with no report), kept as it is, not saved over; the store keeps
    /// working in memory, and a readable file written there again arrives and saving resumes.
    @Test func aNewerFileWrittenFromOutsideIsReportedAndNotSavedOver() async throws {
        let directory = try temporaryDirectory()
        let path = FileStateStorage(directory: directory).path(for: "tally")
        let file = KeptSharedStorage<CrashState>.file(directory: directory, key: "tally", watchInterval: nil)
        let (handler, errors) = recordingHandler()
        let shared = Shared(CrashState(0), storage: file, onError: handler)
        let store = tallyStore(shared)
        store.send(.next)
        try await shared.save()
        let newer = Data(#"{"version": 2, "state": {"n": 40, "values": []}}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: path))
        file.checkForChanges()
        file.checkForChanges()  // reported once
        #expect(errors.values.count == 1)
        let reported = try #require(errors.values.first?.underlying as? StateKeeperError)
        guard case .unknownVersion(found: 2, supported: 1) = reported.reason else {
            Issue.record("expected an unknown version, got \(reported.reason)")
            return
        }
        store.send(.next)
        #expect(store.state.tally.n == 2)
        await #expect(throws: StateKeeperError.self) { try await shared.save() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == newer)
        #expect(try files(in: directory) == ["tally.json"])  // not moved aside either
        let readable = String(decoding: try JSONEncoder().encode(CrashState(50)), as: UTF8.self)
        try Data(#"{"version": 1, "state": \#(readable)}"#.utf8).write(to: URL(fileURLWithPath: path))
        file.checkForChanges()
        #expect(store.state.tally.n == 50)
        store.send(.next)
        try await shared.save()
        let reopened = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        #expect(reopened.value.n == 51)
    }

    /// The poller looks by itself every `watchInterval`. Waited for on a thread of its own:
    /// the crash tests' children keep both cores busy for a while.
    @Test(.timeLimit(.minutes(5))) func thePollerPicksUpAChangeByItself() async throws {
        let directory = try temporaryDirectory()
        let writer = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        let reader = Shared(
            CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: .milliseconds(20)))
        let readerStore = tallyStore(reader)
        writer.set(CrashState(5))
        let seen = try await CrashTests.onOwnThread {
            for _ in 0..<24_000 where readerStore.state.tally.n != 5 { usleep(10_000) }
            return readerStore.state.tally.n
        }
        #expect(seen == 5)
    }

    /// A child process sends intents in a loop to a store whose state is saved through a
    /// shared value, and is killed with SIGKILL at a random moment, 20 times. After every kill
    /// the file holds a whole state at least as new as the one the child announced, and the
    /// next child starts from it.
    @Test(.timeLimit(.minutes(5))) func sigkillMidWriteNeverTearsTheFile() async throws {
        let directory = try temporaryDirectory()
        let problems = try await CrashTests.onOwnThread { try Self.killSendingChildren(runs: 20, directory: directory) }
        #expect(problems == [])
        let restarted = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        #expect(restarted.value.isConsistent)
        #expect(restarted.value.n > 20)
    }

    static func killSendingChildren(runs: Int, directory: String) throws -> [String] {
        var problems: [String] = []
        var last = 0
        let path = FileStateStorage(directory: directory).path(for: "tally")
        for run in 0..<runs {
            let readyN: Int
            do {
                readyN = try CrashChild.runAndKill(
                    filter: "SharedFileTests/sendingInALoopUntilKilled",
                    environment: [childDirectoryVariable: directory],
                    marker: readyMarker
                ).firstSaved
            } catch {
                throw CrashTests.ChildDidNotStart(description: "run \(run): \(error)")
            }
            if readyN <= last {
                problems.append("run \(run): the child started from \(readyN - 1), the file had \(last)")
            }
            let bytes = try readFile(path)
            guard let saved = try? JSONDecoder().decode(Envelope<CrashState>.self, from: Data(bytes)),
                saved.state.isConsistent, saved.state.n >= readyN
            else {
                problems.append("run \(run): torn or stale file, \(bytes.count) bytes")
                continue
            }
            last = saved.state.n
        }
        return problems
    }

    /// The child's side of the crash test; it runs only in the child process.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childDirectoryVariable] != nil))
    func sendingInALoopUntilKilled() async throws {
        let directory = try #require(ProcessInfo.processInfo.environment[childDirectoryVariable])
        let shared = Shared(CrashState(0), storage: .file(directory: directory, key: "tally", watchInterval: nil))
        let store = tallyStore(shared)
        store.send(.next)
        try await shared.save()
        CrashChild.announce(readyMarker, store.state.tally.n)
        while true { store.send(.next) }
    }
}

/// MVI's "Sharing state" article, "Saving a shared value".
@Suite struct SharingStateArticleFileTests {
    struct SyncUp: Codable, Equatable, Sendable {
        var title: String
    }

    @Test func savingASharedValue() async throws {
        let directory = try temporaryDirectory()
        do {
            let syncUps = Shared(
                [SyncUp](), storage: .file(directory: directory, key: "sync-ups"))
            syncUps.withLock { $0.append(SyncUp(title: "Design")) }
            try await syncUps.save()  // before the process ends
        }
        let reopened = Shared([SyncUp](), storage: .file(directory: directory, key: "sync-ups"))
        #expect(reopened.value == [SyncUp(title: "Design")])
    }
}
#endif
