#if SQLite
import Foundation
import GRDB
import MVI

/// A `SharedStorage` that saves a shared value in a SQLite database, through GRDB.
///
/// ```swift
/// let syncUps = Shared(
///     [SyncUp](), storage: SQLiteSharedStorage(path: "\(directory)/app.sqlite", key: "sync-ups"))
/// ```
///
/// One row per key in the table `mvi_shared_values` (`key`, `version`, `value` as JSON), so that
/// several values, and the app's own tables, can live in one database.
///
/// - Every save is one transaction: a crash or a `kill -9` mid-write leaves the previous value
///   (SQLite's journal rolls the interrupted transaction back when the database is next opened).
///   Saves run on the shared value's saver thread, never on a store's send path.
/// - The database's folder is made if it is missing. A database whose `PRAGMA quick_check`
///   fails when it is opened is reported (``SQLiteSharedStorageError/damaged(path:problems:)``)
///   and never written to.
/// - A database that cannot be opened or read (not a database, corrupt, a row of another
///   version or shape) is reported by ``load()`` and never written over: every later save
///   throws ``SQLiteSharedStorageError/savingRefused(_:)`` until the storage is made again
///   after the file is moved away.
/// - Another process holding the database's lock is not damage. Saves wait for it (up to
///   5 seconds at a time, and the shared value retries). A ``load()`` that finds it locked
///   throws ``SQLiteSharedStorageError/locked(path:)`` (the shared value starts from its
///   default and reports it) and the storage keeps trying in the background, with a delay
///   that doubles from 50 ms to 4 s. When the lock goes: if nothing was saved meanwhile, the
///   saved value reaches the shared value as a change from outside; if the app changed the
///   value meanwhile, its changes are written, and the row they replace is first copied to
///   the table `mvi_shared_values_displaced` and reported
///   (``SQLiteSharedStorageError/displaced(key:table:)``): nothing is lost either way.
/// - A change committed from outside (another process or another connection, such as another
///   window's storage on the same file) is picked up every `watchInterval`: SQLite's
///   `data_version` tells, without reading the row when nothing changed. A row written from
///   outside that this storage cannot read (another version, another shape) is reported once
///   and never written over: saves are refused and the stores keep working in memory until a
///   readable row is committed there again, which then reaches the stores.
public final class SQLiteSharedStorage<Value: Codable & Sendable>: SharedStorage {
    /// The database file.
    public let path: String
    /// The row's key.
    public let key: String
    /// The version written with every save; a row of another version is not read.
    public let version: Int
    /// How often changes from outside are looked for; `nil` for never.
    public let watchInterval: Duration?

    /// What the storage knows between calls.
    private struct IO {
        /// The connection, once open.
        var queue: DatabaseQueue?
        /// Why saving is refused: the database or the row could not be read.
        var refusal: SQLiteSharedStorageError?
        /// Set when the refusal comes from a row the watcher found written from outside.
        var refusedFromOutside = false
        /// Set while the row has not been read because another process held the lock.
        var unread = false
        /// Set when a save came while the row was unread: the row is displaced, not delivered.
        var savedWhileUnread = false
        /// The connection's `data_version` after the last read or write.
        var dataVersion: Int?
        /// Whom a change from outside is given to (``subscribe(_:onError:)``).
        var onChange: (@Sendable (Value) -> Void)?
        /// Whom what the watcher finds wrong is reported to.
        var onError: (@Sendable (any Error) -> Void)?
    }

    private let io = Locked(IO())
    /// Held across each save, and across each look for a change from outside together with the
    /// delivery of what it found: a row read before one of this storage's own saves is never
    /// handed to the shared value after that save (an older value over a newer one).
    private let ordering = Lock()
    private let watcher = SharedStorageWatcher()

    /// A storage for the row `key` of the database at `path` (made if missing, with its
    /// folder).
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - key: The row's key.
    ///   - version: The version of `Value`; a row saved with another one is reported, not read.
    ///   - watchInterval: How often to look for changes committed from outside; `nil` never looks.
    public init(path: String, key: String, version: Int = 1, watchInterval: Duration? = .seconds(1)) {
        self.path = path
        self.key = key
        self.version = version
        self.watchInterval = watchInterval
    }

    /// The saved value, or `nil` if none is saved. Throws if the database or the row cannot
    /// be read; saving is then refused from now on. Throws
    /// ``SQLiteSharedStorageError/locked(path:)`` without refusing anything if another
    /// process holds the database's lock: the storage reads the row once the lock goes.
    public func load() throws -> Value? {
        do {
            let queue = try connection()
            let (value, dataVersion) = try queue.read { db in (try row(db), try Self.dataVersion(db)) }
            io.withLock { $0.dataVersion = dataVersion }
            return value
        } catch let error as SQLiteSharedStorageError {
            refuse(error)
            throw error
        } catch {
            if Self.isLock(error) {
                io.withLock { $0.unread = true }
                startReadingAfterLock()
                throw SQLiteSharedStorageError.locked(path: path)
            }
            let failure = SQLiteSharedStorageError.unreadable(path: path, underlying: error)
            refuse(failure)
            throw failure
        }
    }

    /// Saves `value` in one transaction. Throws ``SQLiteSharedStorageError/savingRefused(_:)``
    /// without writing while a database or row that could not be read is kept, and
    /// ``SQLiteSharedStorageError/locked(path:)`` if another process held the lock for longer
    /// than 5 seconds (the shared value tries again).
    public func save(_ value: Value) throws {
        try ordering.withLock { () throws(any Error) in try write(value) }
    }

    private func write(_ value: Value) throws {
        let (refusal, unread) = io.withLock { io in
            if io.unread { io.savedWhileUnread = true }
            return (io.refusal, io.unread)
        }
        if let refusal { throw SQLiteSharedStorageError.savingRefused(refusal) }
        let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let queue = try connection()
        let (dataVersion, displaced): (Int, Bool)
        do {
            (dataVersion, displaced) = try queue.write { db in
                try Self.createTable(db)
                var displaced = false
                if unread {
                    // The row was never read (another process held the lock): keep it.
                    try db.execute(
                        sql: """
                            CREATE TABLE IF NOT EXISTS mvi_shared_values_displaced (
                                key TEXT NOT NULL, version INTEGER NOT NULL, value TEXT NOT NULL,
                                displaced_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)
                            """)
                    try db.execute(
                        sql: """
                            INSERT INTO mvi_shared_values_displaced (key, version, value)
                            SELECT key, version, value FROM mvi_shared_values WHERE key = ?
                            """, arguments: [key])
                    displaced = db.changesCount > 0
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO mvi_shared_values (key, version, value) VALUES (?, ?, ?)",
                    arguments: [key, version, json])
                return (try Self.dataVersion(db), displaced)
            }
        } catch {
            if Self.isLock(error) { throw SQLiteSharedStorageError.locked(path: path) }
            throw error
        }
        let onError = io.withLock { io in
            io.dataVersion = dataVersion
            io.unread = false
            return io.onError
        }
        if displaced {
            onError?(SQLiteSharedStorageError.displaced(key: key, table: "mvi_shared_values_displaced"))
        }
    }

    /// Keeps `onChange` for changes committed from outside and `onError` for what the watcher
    /// finds wrong, and starts looking for changes every ``watchInterval``, if it is set.
    public func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) {
        io.withLock {
            $0.onChange = onChange
            $0.onError = onError
        }
        guard let watchInterval else { return }
        watcher.start(every: watchInterval) { [weak self] in
            self?.lookIfNobodyIs()
            return self != nil
        }
    }

    /// Looks for a change committed from outside now (when the app comes back to the
    /// foreground, say), and hands it to the shared value if there is one. A row that cannot
    /// be read is reported once and not written over.
    ///
    /// It waits for a look already under way (the watcher's), so that what either found has
    /// reached the shared value when it returns; called again from a store while this storage
    /// delivers a change on the same thread, it returns at once.
    public func checkForChanges() {
        if SharedStorageDelivery.storage == ObjectIdentifier(self) { return }
        ordering.withLock { lookAndDeliver() }
    }

    /// The watcher's look: skipped while another is under way, which finds the same.
    private func lookIfNobodyIs() {
        _ = ordering.withLockIfAvailable { lookAndDeliver() }
    }

    private func lookAndDeliver() {
        SharedStorageDelivery.$storage.withValue(ObjectIdentifier(self)) {
            switch changedFromOutside() {
            case .value(let value, let onChange): onChange?(value)
            case .unreadable(let error, let onError): onError?(error)
            case nil: break
            }
        }
    }

    /// What a look for a change from outside found.
    enum Found {
        case value(Value, (@Sendable (Value) -> Void)?)
        case unreadable(SQLiteSharedStorageError, (@Sendable (any Error) -> Void)?)
    }

    /// The saved value if another connection committed since the last read or write, or the
    /// row it committed if this storage cannot read it; `nil` if nothing changed.
    func changedFromOutside() -> Found? {
        let blocked = io.withLock { io in
            (io.refusal != nil && !io.refusedFromOutside) || io.unread
        }
        guard !blocked, let queue = try? connection() else { return nil }
        let read: (Result<Value?, SQLiteSharedStorageError>, Int)
        do {
            read = try queue.read { db in
                let dataVersion = try Self.dataVersion(db)
                do {
                    return (.success(try row(db)), dataVersion)
                } catch let error as SQLiteSharedStorageError {
                    return (.failure(error), dataVersion)
                }
            }
        } catch {
            return nil  // locked for a moment, or gone: the next look tries again
        }
        let (result, dataVersion) = read
        return io.withLock { io -> Found? in
            guard io.dataVersion != dataVersion else { return nil }
            io.dataVersion = dataVersion
            switch result {
            case .success(let value):
                if io.refusedFromOutside {
                    io.refusedFromOutside = false
                    io.refusal = nil
                }
                return value.map { .value($0, io.onChange) }
            case .failure(let error):
                let first = !io.refusedFromOutside
                io.refusedFromOutside = true
                io.refusal = error
                return first ? .unreadable(error, io.onError) : nil
            }
        }
    }

    // MARK: Waiting out another process's lock

    /// Reads the row in the background until the lock goes, with a delay that doubles from
    /// 50 ms to 4 s, on a thread of its own (each try may wait out the busy timeout).
    private func startReadingAfterLock() {
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
            let onError = io.withLock { io in
                io.unread = false
                io.refusal = io.refusal ?? error
                return io.onError
            }
            onError?(error)
            return true
        } catch {
            return !Self.isLock(error)
        }
        let deliver = io.withLock { io -> (@Sendable (Value) -> Void)? in
            guard io.unread else { return nil }
            // Changes made meanwhile are saved over the row (which a save displaces first).
            guard !io.savedWhileUnread else { return nil }
            io.unread = false
            io.dataVersion = read.1
            return io.onChange
        }
        if let deliver, let value = read.0 { deliver(value) }
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
    private static func isLock(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// The open connection; opened on first use, after the database's folder is made and
    /// its `quick_check` passed. Never creates anything but an empty file.
    private func connection() throws -> DatabaseQueue {
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
    private func row(_ db: Database) throws -> Value? {
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

    private static func createTable(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS mvi_shared_values (
                    key TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, value TEXT NOT NULL)
                """)
    }

    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    private func refuse(_ error: SQLiteSharedStorageError) {
        io.withLock { $0.refusal = $0.refusal ?? error }
    }
}

/// Why a ``SQLiteSharedStorage`` could not read or save.
public enum SQLiteSharedStorageError: Error, CustomStringConvertible, Sendable {
    /// The database could not be opened or read (not a database, corrupt, a permission).
    case unreadable(path: String, underlying: any Error)
    /// The row was saved with another version of the value.
    case otherVersion(found: Int, supported: Int)
    /// The row's value does not decode as the value's type.
    case undecodable(key: String, underlying: any Error)
    /// Saving is refused: what was saved could not be read, and writing would destroy it.
    indirect case savingRefused(SQLiteSharedStorageError)
    /// Another process held the database's lock for longer than the busy timeout (5 s): not
    /// damage. A load keeps trying in the background; a save is tried again by the shared
    /// value.
    case locked(path: String)
    /// The database failed `PRAGMA quick_check` when it was opened: it is not written to.
    /// `problems` are the check's lines.
    case damaged(path: String, problems: [String])
    /// A row that this storage had not read (another process held the lock when it loaded)
    /// was replaced by the app's changes: it was copied to `table` first, with its key,
    /// version and the time.
    case displaced(key: String, table: String)

    /// The failure in words.
    public var description: String {
        switch self {
        case .unreadable(let path, let underlying): "the database \(path) could not be read: \(underlying)"
        case .otherVersion(let found, let supported):
            "the saved value has version \(found); this app reads version \(supported)"
        case .undecodable(let key, let underlying): "the saved value of \"\(key)\" does not decode: \(underlying)"
        case .savingRefused(let reason):
            "not saving: what is saved could not be read (\(reason)), and saving would overwrite it"
        case .locked(let path): "the database \(path) is locked by another process; trying again"
        case .damaged(let path, let problems):
            "the database \(path) failed its integrity check (\(problems.prefix(3).joined(separator: "; "))); it is not written to"
        case .displaced(let key, let table):
            "the saved value of \"\(key)\", which another process's lock kept unread, was replaced by this app's changes and kept in the table \(table)"
        }
    }
}

extension SQLiteSharedStorageError: SharedStorageRefusal {
    /// Whether saving was refused because what is saved could not be read.
    package var refusesSaving: Bool {
        if case .savingRefused = self { return true }
        return false
    }
}
#endif
