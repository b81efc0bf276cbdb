#if os(Linux)
import Foundation
import MVI
import MVIFixtures
import MVISQLite
import Testing

/// A state big enough that a save takes a while, and self-checking: every value equals `n`.
struct Ledger: Codable, Sendable, Equatable {
    var n: Int
    var values: [Int]

    init(_ n: Int) {
        self.n = n
        values = Array(repeating: n, count: 2_000)
    }

    var isConsistent: Bool { values.count == 2_000 && values.allSatisfy { $0 == n } }
}

/// A feature whose whole state is one `Ledger`, bound to a shared value saved in SQLite.
struct Bookkeeper: Feature {
    struct State: Equatable, Sendable {
        var ledger = Ledger(0)
    }

    enum Intent: Sendable { case next }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Intent) {
        state.ledger = Ledger(state.ledger.n + 1)
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
}

private let childPathVariable = "MVI_SQLITE_CRASH_CHILD_PATH"
private let readyMarker = "MVI-SQLITE-READY "

func temporaryDatabase(_ name: String = #function) throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvi-sqlite-\(name.filter(\.isLetter))-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory + "/app.sqlite"
}

/// A `Shared` value saved in SQLite: it survives a restart and a `kill -9` mid-write, a
/// database it cannot read is reported and never written over, and a change committed from
/// outside reaches the stores.
@Suite struct SQLiteSharedStorageTests {
    func store(_ shared: Shared<Ledger>) -> Store<Bookkeeper> {
        Store(Bookkeeper(), initialState: .init(), sharing: [.init(\.ledger, shared)])
    }

    func shared(
        _ path: String, version: Int = 1, watch: Duration? = nil, onError: StoreErrorHandler = .standardError
    )
        -> Shared<Ledger>
    {
        Shared(
            Ledger(0), storage: SQLiteSharedStorage(path: path, key: "ledger", version: version, watchInterval: watch),
            onError: onError)
    }

    @Test func theValueSurvivesARestart() async throws {
        let path = try temporaryDatabase()
        do {
            let ledger = shared(path)
            let bookkeeper = store(ledger)
            bookkeeper.send(.next)
            bookkeeper.send(.next)
            try await ledger.save()
        }
        let restarted = shared(path)
        #expect(restarted.value == Ledger(2))
        #expect(store(restarted).state.ledger.n == 2)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndNeverWrittenOver() async throws {
        let path = try temporaryDatabase()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let (handler, errors) = recording()
        let ledger = shared(path, onError: handler)
        #expect(ledger.value == Ledger(0))
        store(ledger).send(.next)
        #expect(ledger.value == Ledger(1))
        await #expect(throws: SQLiteSharedStorageError.self) { try await ledger.save() }
        let reported = errors.values.map { "\($0.underlying)" }
        #expect(reported.count == 2)
        #expect(reported.first?.hasPrefix("the database \(path) could not be read") == true)
        #expect(reported.last?.hasPrefix("not saving: what is saved could not be read") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aRowOfAnotherVersionIsReportedAndKept() async throws {
        let path = try temporaryDatabase()
        do {
            let older = shared(path)
            store(older).send(.next)
            try await older.save()
        }
        let (handler, errors) = recording()
        let newer = shared(path, version: 2, onError: handler)
        #expect(newer.value == Ledger(0))
        store(newer).send(.next)
        await #expect(throws: SQLiteSharedStorageError.self) { try await newer.save() }
        #expect(
            errors.values.map { "\($0.underlying)" }.first == "the saved value has version 1; this app reads version 2")
        #expect(shared(path).value == Ledger(1))
    }

    @Test func aChangeCommittedFromOutsideReachesTheStores() async throws {
        let path = try temporaryDatabase()
        let firstDatabase = SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil)
        let secondDatabase = SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil)
        let first = Shared(Ledger(0), storage: firstDatabase)
        let second = Shared(Ledger(0), storage: secondDatabase)
        let firstStore = store(first)
        let secondStore = store(second)
        firstStore.send(.next)
        firstStore.send(.next)
        try await first.save()
        firstDatabase.checkForChanges()  // its own commits are not changes from outside
        #expect(firstStore.state.ledger.n == 2)
        secondDatabase.checkForChanges()
        #expect(secondStore.state.ledger.n == 2)
        secondStore.send(.next)
        try await second.save()
        firstDatabase.checkForChanges()
        #expect(firstStore.state.ledger.n == 3)
        #expect(first.value == second.value)
    }

    /// The poller looks by itself every `watchInterval`. Waited for on a thread of its own:
    /// the crash tests' children keep both cores busy for a while.
    @Test(.timeLimit(.minutes(5))) func thePollerPicksUpACommitByItself() async throws {
        let path = try temporaryDatabase()
        let writer = shared(path)
        let reader = shared(path, watch: .milliseconds(20))
        let readerStore = store(reader)
        writer.set(Ledger(5))
        let seen = try await onOwnThread {
            for _ in 0..<24_000 where readerStore.state.ledger.n != 5 { usleep(10_000) }
            return readerStore.state.ledger.n
        }
        #expect(seen == 5)
    }

    /// A child process sends intents in a loop to a store whose state is saved in SQLite
    /// through a shared value, and is killed with SIGKILL at a random moment, 20 times. After
    /// every kill the database opens with a whole value at least as new as the one the child
    /// announced, and the next child starts from it.
    @Test(.timeLimit(.minutes(5))) func sigkillMidWriteLeavesAWholeValue() async throws {
        let path = try temporaryDatabase()
        let problems = try await onOwnThread { try Self.killSendingChildren(runs: 20, path: path) }
        #expect(problems == [])
        let restarted = shared(path)
        #expect(restarted.value.isConsistent)
        #expect(restarted.value.n > 20)
    }

    static func killSendingChildren(runs: Int, path: String) throws -> [String] {
        var problems: [String] = []
        var last = 0
        for run in 0..<runs {
            let readyN: Int
            do {
                readyN = try CrashChild.runAndKill(
                    filter: "SQLiteSharedStorageTests/sendingInALoopUntilKilled",
                    environment: [childPathVariable: path],
                    marker: readyMarker
                ).firstSaved
            } catch {
                problems.append("run \(run): \(error)")
                return problems
            }
            if readyN <= last {
                problems.append("run \(run): the child started from \(readyN - 1), the file had \(last)")
            }
            let saved = SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil)
            guard let ledger = try? saved.load(), ledger.isConsistent, ledger.n >= readyN else {
                problems.append("run \(run): no whole value at least as new as \(readyN)")
                continue
            }
            last = ledger.n
        }
        return problems
    }

    /// The child's side of the crash test; it runs only in the child process.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childPathVariable] != nil))
    func sendingInALoopUntilKilled() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[childPathVariable])
        let ledger = shared(path)
        let bookkeeper = store(ledger)
        bookkeeper.send(.next)
        try await ledger.save()
        CrashChild.announce(readyMarker, bookkeeper.state.ledger.n)
        while true { bookkeeper.send(.next) }
    }
}

/// A handler that keeps what it receives.
func recording() -> (StoreErrorHandler, Collected<StoreError>) {
    let errors = Collected<StoreError>()
    return (StoreErrorHandler { errors.append($0) }, errors)
}

/// Runs `body`, which blocks, on a thread of its own, off the cooperative pool.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
/// MVISQLite's landing page, compiled and run.
@Suite struct MVISQLiteLandingPageTests {
    struct SyncUp: Codable, Equatable, Sendable {
        var title: String
    }

    struct SyncUpsList: Feature {
        struct State: Equatable, Sendable {
            var syncUps: [SyncUp] = []
        }

        enum Intent: Sendable { case add(String) }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Intent) {
            if case .add(let title) = message { state.syncUps.append(SyncUp(title: title)) }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    @Test func sample() async throws {
        let directory = (try temporaryDatabase() as NSString).deletingLastPathComponent
        do {
            let syncUps = Shared(
                [SyncUp](), storage: SQLiteSharedStorage(path: "\(directory)/app.sqlite", key: "sync-ups"))
            let store = Store(SyncUpsList(), initialState: .init(), sharing: [.init(\.syncUps, syncUps)])
            store.send(.add("Design"))
            try await syncUps.save()  // before the process ends
        }
        let reopened = SQLiteSharedStorage<[SyncUp]>(
            path: "\(directory)/app.sqlite", key: "sync-ups", watchInterval: nil)
        #expect(try reopened.load() == [SyncUp(title: "Design")])
    }
}
#endif
