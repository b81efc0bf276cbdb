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
    package let path: String
    /// The row's key.
    package let key: String
    /// The version written with every save; a row of another version is not read.
    package let version: Int
    /// How often changes from outside are looked for; `nil` for never.
    package let watchInterval: Duration?

    /// What the storage knows between calls.
    struct IO {
        /// The connection, once open.
        var queue: DatabaseQueue?
        /// Why saving is refused: the database or the row could not be read.
        var refusal: SQLiteSharedStorageError?
        /// Set when the refusal comes from a row the poller found written from outside.
        var refusedFromOutside = false
        /// Set while the row has not been read because another process held the lock.
        var unread = false
        /// Set when a save came while the row was unread: the row is displaced, not delivered.
        var savedWhileUnread = false
        /// The connection's `data_version` after the last read or write.
        var dataVersion: Int?
    }

    let io = Locked(IO())
    /// Looks for changes committed from outside, in order with the saves (its `ordering` is
    /// held across each save): a row read before one of this storage's own saves is never
    /// handed to the shared value after that save (an older value over a newer one).
    let poller = SharedStoragePoller<Value>()

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
        try poller.ordering.withLock { () throws(any Error) in try write(value) }
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
        io.withLock { io in
            io.dataVersion = dataVersion
            io.unread = false
        }
        if displaced {
            poller.report(SQLiteSharedStorageError.displaced(key: key, table: "mvi_shared_values_displaced"))
        }
    }

    /// Keeps `onChange` for changes committed from outside and `onError` for what the poller
    /// finds wrong, and starts looking for changes every `watchInterval`, if it is set.
    public func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) {
        poller.subscribe(self, every: watchInterval, onChange: onChange, onError: onError) {
            $0.changedFromOutside()
        }
    }

    /// Looks for a change committed from outside now (when the app comes back to the
    /// foreground, say), and hands it to the shared value if there is one. A row that cannot
    /// be read is reported once and not written over.
    ///
    /// It waits for a look already under way (the poller's), so that what either found has
    /// reached the shared value when it returns; called again from a store while this storage
    /// delivers a change on the same thread, it returns at once.
    public func checkForChanges() {
        poller.lookNow(self) { $0.changedFromOutside() }
    }

    /// The saved value if another connection committed since the last read or write, or the
    /// row it committed if this storage cannot read it; `nil` if nothing changed.
    func changedFromOutside() -> SharedStoragePoller<Value>.Found? {
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
        return io.withLock { io -> SharedStoragePoller<Value>.Found? in
            guard io.dataVersion != dataVersion else { return nil }
            io.dataVersion = dataVersion
            switch result {
            case .success(let value):
                if io.refusedFromOutside {
                    io.refusedFromOutside = false
                    io.refusal = nil
                }
                return value.map { .value($0) }
            case .failure(let error):
                let first = !io.refusedFromOutside
                io.refusedFromOutside = true
                io.refusal = error
                return first ? .failure(error) : nil
            }
        }
    }
}

#endif
