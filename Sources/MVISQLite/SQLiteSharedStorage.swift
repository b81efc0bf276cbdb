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
/// - A database that cannot be opened or read (not a database, corrupt, a row of another
///   version or shape) is reported by ``load()`` and never written over: every later save
///   throws ``SQLiteSharedStorageError/savingRefused(_:)`` until the storage is made again
///   after the file is moved away.
/// - A change committed from outside (another process or another connection, such as another
///   window's storage on the same file) is picked up every `watchInterval`: SQLite's
///   `data_version` tells, without reading the row when nothing changed.
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
        /// The connection's `data_version` after the last read or write.
        var dataVersion: Int?
        /// Whom a change from outside is given to (``subscribe(_:onError:)``).
        var onChange: (@Sendable (Value) -> Void)?
        /// Whom what the watcher finds wrong is reported to.
        var onError: (@Sendable (any Error) -> Void)?
    }

    private let io = Locked(IO())
    private let watcher = SharedStorageWatcher()

    /// A storage for the row `key` of the database at `path` (made if missing).
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
    /// be read; saving is then refused from now on.
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
            let failure = SQLiteSharedStorageError.unreadable(path: path, underlying: error)
            refuse(failure)
            throw failure
        }
    }

    /// Saves `value` in one transaction. Throws ``SQLiteSharedStorageError/savingRefused(_:)``
    /// without writing while a database or row that could not be read is kept.
    public func save(_ value: Value) throws {
        if let refusal = io.withLock({ $0.refusal }) { throw SQLiteSharedStorageError.savingRefused(refusal) }
        let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let queue = try connection()
        let dataVersion = try queue.write { db in
            try Self.createTable(db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO mvi_shared_values (key, version, value) VALUES (?, ?, ?)",
                arguments: [key, version, json])
            return try Self.dataVersion(db)
        }
        io.withLock { $0.dataVersion = dataVersion }
    }

    /// Keeps `onChange` for changes committed from outside, and starts looking for them every
    /// ``watchInterval``, if it is set.
    public func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) {
        io.withLock {
            $0.onChange = onChange
            $0.onError = onError
        }
        guard let watchInterval else { return }
        watcher.start(every: watchInterval) { [weak self] in
            self?.checkForChanges()
            return self != nil
        }
    }

    /// Looks for a change committed from outside now (when the app comes back to the
    /// foreground, say), and hands it to the shared value if there is one.
    public func checkForChanges() {
        guard let value = changedFromOutside(), let onChange = io.withLock({ $0.onChange }) else { return }
        onChange(value)
    }

    /// The saved value if another connection committed since the last read or write and it
    /// can be read; `nil` otherwise.
    func changedFromOutside() -> Value? {
        guard io.withLock({ $0.refusal == nil }), let queue = try? connection() else { return nil }
        guard let (value, dataVersion) = try? queue.read({ db in (try row(db), try Self.dataVersion(db)) }) else {
            return nil
        }
        let changed = io.withLock { io -> Bool in
            defer { io.dataVersion = dataVersion }
            return io.dataVersion != dataVersion
        }
        return changed ? value : nil
    }

    // MARK: The database

    /// The open connection; opened on first use. Never creates anything but an empty file.
    private func connection() throws -> DatabaseQueue {
        try io.withLock { io in
            if let queue = io.queue { return queue }
            var configuration = Configuration()
            // Another process may hold the write lock for a moment: wait rather than fail.
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
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

    /// The failure in words.
    public var description: String {
        switch self {
        case .unreadable(let path, let underlying): "the database \(path) could not be read: \(underlying)"
        case .otherVersion(let found, let supported):
            "the saved value has version \(found); this app reads version \(supported)"
        case .undecodable(let key, let underlying): "the saved value of \"\(key)\" does not decode: \(underlying)"
        case .savingRefused(let reason):
            "not saving: what is saved could not be read (\(reason)), and saving would overwrite it"
        }
    }
}
