#if SQLite
import Foundation
import GRDB
import MVI

extension SQLiteSharedStorage {
    // MARK: Waiting out another process's lock

    /// Reads the row in the background until the lock goes, with a delay that doubles from
    /// 50 ms to 4 s, on a thread of its own (each try may wait out the busy timeout).
    func startReadingAfterLock() {
        detachThread { [weak self] in
            var delay = Duration.milliseconds(50)
            while true {
                Self.sleep(delay)
                guard let self, !self.readAfterLock() else { return }
                delay = min(delay * 2, .seconds(4))
            }
        }
    }

    /// One try at reading the row another process's lock kept unread; `true` when done.
    private func readAfterLock() -> Bool {
        guard io.withLock({ $0.unread }), let queue = try? connection() else { return true }
        let read: (Value?, Int)
        do {
            read = try queue.read { db in (try row(db), try Self.dataVersion(db)) }
        } catch let error as SQLiteSharedStorageError {
            // Readable now, but not by this app: the same rule as at load.
            io.withLock { io in
                io.unread = false
                io.refusal = io.refusal ?? error
            }
            poller.report(error)
            return true
        } catch {
            return !Self.isLock(error)
        }
        let deliver = io.withLock { io -> Bool in
            guard io.unread else { return false }
            // Changes made meanwhile are saved over the row (which a save displaces first).
            guard !io.savedWhileUnread else { return false }
            io.unread = false
            io.dataVersion = read.1
            return true
        }
        if deliver, let value = read.0 { poller.handOver(value) }
        return true
    }

    private static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
    }

    // MARK: The database

    /// Whether `error` is another connection's lock (busy or locked), not damage.
    static func isLock(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// The open connection; opened on first use, after the database's folder is made and
    /// its `quick_check` passed. Never creates anything but an empty file.
    func connection() throws -> DatabaseQueue {
        try io.withLock { io in
            if let queue = io.queue { return queue }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            var configuration = Configuration()
            // Another process may hold the write lock for a moment: wait rather than fail.
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let problems: [String]
            do {
                problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            } catch {
                // A lock is waited out by the caller; a check that cannot even run is damage.
                if Self.isLock(error) { throw error }
                throw SQLiteSharedStorageError.damaged(path: path, problems: ["\(error)"])
            }
            if problems != ["ok"] {
                throw SQLiteSharedStorageError.damaged(path: path, problems: problems)
            }
            io.queue = queue
            return queue
        }
    }

    /// The row's value, or `nil`; throws for a row of another version or one that does not
    /// decode.
    func row(_ db: Database) throws -> Value? {
        // Another connection may have made the table since this one last looked: GRDB caches
        // the schema per connection (a stale cache hid another process's first save).
        db.clearSchemaCache()
        guard try db.tableExists("mvi_shared_values") else { return nil }
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT version, value FROM mvi_shared_values WHERE key = ?", arguments: [key])
        else { return nil }
        let savedVersion: Int = row["version"]
        guard savedVersion == version else {
            throw SQLiteSharedStorageError.otherVersion(found: savedVersion, supported: version)
        }
        let text: String = row["value"]
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw SQLiteSharedStorageError.undecodable(key: key, underlying: error)
        }
    }

    static func createTable(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS mvi_shared_values (
                    key TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, value TEXT NOT NULL)
                """)
    }

    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    func refuse(_ error: SQLiteSharedStorageError) {
        io.withLock { $0.refusal = $0.refusal ?? error }
    }
}
#endif
