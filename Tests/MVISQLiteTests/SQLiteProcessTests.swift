#if os(Linux)
import Foundation
import GRDB
import MVI
import MVIFixtures
import MVISQLite
import Testing

private let lockPathVariable = "MVI_SQLITE_LOCK_CHILD_PATH"
private let rowPathVariable = "MVI_SQLITE_ROW_CHILD_PATH"
private let rowVersionVariable = "MVI_SQLITE_ROW_CHILD_VERSION"
private let lockedMarker = "MVI-SQLITE-LOCKED "
private let releasedMarker = "MVI-SQLITE-RELEASED "
private let wroteMarker = "MVI-SQLITE-WROTE "

/// Another process and a SQLite database (issue 44): a lock is waited out, never read as
/// damage; a row written from outside that cannot be read is reported and never written over.
@Suite(.serialized) struct SQLiteProcessTests {
    func shared(_ path: String, onError: StoreErrorHandler) -> Shared<Ledger> {
        Shared(Ledger(0), storage: SQLiteSharedStorage(path: path, key: "ledger", watchInterval: nil), onError: onError)
    }

    /// A child holds `BEGIN EXCLUSIVE` for longer than the busy timeout while the app starts
    /// and makes 15 changes: every send returns while the child still holds the lock (it lets
    /// go only when told, after the sends); once it lets go the 15 changes are written, and
    /// the saved row they replace (100) is kept in the side table and reported.
    @Test(.timeLimit(.minutes(5))) func changesMadeWhileAnotherProcessHoldsTheLockAreWrittenAndTheRowKept()
        async throws
    {
        let path = try temporaryDatabase()
        try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).save(Ledger(100))
        let child = try ChildProcess(filter: "SQLiteProcessTests/holdingTheLock", environment: [lockPathVariable: path])
        defer { child.kill() }
        _ = try await onOwnThread { try child.line(after: lockedMarker) }
        let (handler, errors) = recording()
        // Waits out the busy timeout (then reads later): off the cooperative pool.
        let ledger = try await onOwnThread { shared(path, onError: handler) }
        #expect(ledger.value == Ledger(0))
        let bookkeeper = Store(Bookkeeper(), initialState: .init(), sharing: [.init(\.ledger, ledger)])
        for _ in 0..<15 { bookkeeper.send(.next) }
        // Every send returned, and the child still holds the lock: it has not been told yet.
        #expect(bookkeeper.state.ledger.n == 15)
        // The lock goes once the first save has met it (its failure is reported after the busy
        // timeout): a change whose save has not started when the lock goes can still be
        // replaced by the row read then (the race the closing note of issue 44 names).
        let saveMetTheLock = try await onOwnThread {
            for _ in 0..<3_000 where errors.values.filter({ "\($0.underlying)".contains("is locked") }).count < 2 {
                usleep(10_000)
            }
            return errors.values.filter { "\($0.underlying)".contains("is locked") }.count >= 2
        }
        #expect(saveMetTheLock)
        child.send("release")
        try await onOwnThread {
            _ = try child.line(after: releasedMarker)
            child.wait()
        }
        try await saveUntilWritten(ledger)
        let saved = try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).load()
        #expect(saved == Ledger(15))
        let displaced = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT value FROM mvi_shared_values_displaced WHERE key = 'ledger'")
        }
        #expect(try displaced.map { try JSONDecoder().decode(Ledger.self, from: Data($0.utf8)) } == [Ledger(100)])
        let reported = errors.values.map { "\($0.underlying)" }
        #expect(reported.first?.contains("is locked by another process") == true)
        #expect(reported.contains { $0.contains("kept in the table mvi_shared_values_displaced") })
        #expect(!reported.contains { $0.contains("not saving") })
    }

    /// The same lock with no change made meanwhile: the saved value reaches the shared value
    /// once the lock goes.
    @Test(.timeLimit(.minutes(5))) func theSavedValueArrivesWhenTheLockGoes() async throws {
        let path = try temporaryDatabase()
        try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).save(Ledger(100))
        let child = try ChildProcess(filter: "SQLiteProcessTests/holdingTheLock", environment: [lockPathVariable: path])
        defer { child.kill() }
        _ = try await onOwnThread { try child.line(after: lockedMarker) }
        let (handler, _) = recording()
        let ledger = try await onOwnThread { shared(path, onError: handler) }
        #expect(ledger.value == Ledger(0))
        child.send("release")
        _ = try await onOwnThread { child.wait() }
        let seen = try await onOwnThread {
            for _ in 0..<3_000 where ledger.value != Ledger(100) { usleep(10_000) }
            return ledger.value
        }
        #expect(seen == Ledger(100))
        ledger.withLock { $0 = Ledger(101) }
        try await ledger.save()
        #expect(try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).load() == Ledger(101))
    }

    /// Another process writes a row of another version while the app runs: the poller
    /// reports it, saving is refused (the row stays), the store keeps working in memory; when
    /// a readable row is written there again, it arrives and saving resumes.
    @Test(.timeLimit(.minutes(5))) func aRowOfAnotherVersionWrittenFromOutsideIsReportedAndNotOverwritten()
        async throws
    {
        let path = try temporaryDatabase()
        let (handler, errors) = recording()
        let storage = SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil)
        let ledger = Shared(Ledger(0), storage: storage, onError: handler)
        let bookkeeper = Store(Bookkeeper(), initialState: .init(), sharing: [.init(\.ledger, ledger)])
        bookkeeper.send(.next)
        try await ledger.save()
        try await writeRow(path, version: 2, n: 7)
        storage.checkForChanges()
        storage.checkForChanges()  // reported once
        #expect(errors.values.map { "\($0.underlying)" } == ["the saved value has version 2; this app reads version 1"])
        bookkeeper.send(.next)
        #expect(bookkeeper.state.ledger.n == 2)
        await #expect(throws: SQLiteSharedStorageError.self) { try await ledger.save() }
        let kept = try await DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT version FROM mvi_shared_values WHERE key = 'ledger'")
        }
        #expect(kept == 2)
        try await writeRow(path, version: 1, n: 50)
        storage.checkForChanges()
        #expect(bookkeeper.state.ledger.n == 50)
        bookkeeper.send(.next)
        try await ledger.save()
        #expect(try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).load() == Ledger(51))
    }

    /// A database in a folder that does not exist yet: the folder is made.
    @Test func aMissingFolderIsMade() async throws {
        let path = (try temporaryDatabase() as NSString).deletingLastPathComponent + "/new/folder/app.sqlite"
        let ledger = Shared(Ledger(0), storage: SQLiteSharedStorage(path: path, key: "ledger", watchInterval: nil))
        ledger.set(Ledger(3))
        try await ledger.save()
        #expect(try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).load() == Ledger(3))
    }

    /// A database that fails `quick_check` is reported at open and never written to.
    @Test func aDamagedDatabaseIsRefusedAtOpen() async throws {
        let path = try temporaryDatabase()
        try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", watchInterval: nil).save(Ledger(9))
        // Another table of many pages, the last of which is overwritten with garbage: the
        // row itself still reads, quick_check does not pass.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE other (x TEXT)")
            for _ in 0..<200 {
                try db.execute(sql: "INSERT INTO other VALUES (?)", arguments: [String(repeating: "x", count: 500)])
            }
        }
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try file.seekToEnd()
        try file.seek(toOffset: size - 4096)
        file.write(Data(repeating: 0xA5, count: 64))
        try file.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (handler, errors) = recording()
        let ledger = shared(path, onError: handler)
        #expect(ledger.value.n == 0)
        ledger.set(Ledger(10))
        await #expect(throws: SQLiteSharedStorageError.self) { try await ledger.save() }
        let reported = errors.values.first.map { "\($0.underlying)" } ?? ""
        #expect(reported.contains("failed its integrity check"), "\(reported)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Waits for the saver to write what the shared value holds, trying again while the
    /// attempt it waited for failed (a lock that has just gone): at most 50 tries.
    func saveUntilWritten(_ ledger: Shared<Ledger>) async throws {
        for _ in 0..<50 {
            do {
                try await ledger.save()
                return
            } catch {}
        }
        try await ledger.save()
    }

    /// Writes the row as another process does: in a child, waited for off the cooperative pool
    /// (a blocked pool thread, of two on two cores, stalls every other test of a parallel run).
    func writeRow(_ path: String, version: Int, n: Int) async throws {
        try await onOwnThread {
            let child = try ChildProcess(
                filter: "SQLiteProcessTests/writingARow",
                environment: [rowPathVariable: path, rowVersionVariable: "\(version) \(n)"])
            defer { child.kill() }
            _ = try child.line(after: wroteMarker)
            child.wait()
        }
    }

    // MARK: The children's side

    /// Holds the database's exclusive lock until the parent says so.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[lockPathVariable] != nil))
    func holdingTheLock() throws {
        let path = try #require(ProcessInfo.processInfo.environment[lockPathVariable])
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            ChildProcess.announce(lockedMarker, "")
            _ = ChildProcess.readLineFromParent()
            try db.execute(sql: "COMMIT")
        }
        ChildProcess.announce(releasedMarker, "")
    }

    /// Writes the row with the version and value the parent asked for.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[rowPathVariable] != nil))
    func writingARow() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment[rowPathVariable])
        let setting = try #require(environment[rowVersionVariable]).split(separator: " ").compactMap { Int($0) }
        try SQLiteSharedStorage<Ledger>(path: path, key: "ledger", version: setting[0], watchInterval: nil)
            .save(Ledger(setting[1]))
        ChildProcess.announce(wroteMarker, "")
    }
}
#endif
