#if SQLite
import MVI

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
