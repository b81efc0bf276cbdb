import MVI

/// A `SharedStorage` that saves a shared value with a ``StateKeeper``: in a file
/// (``FileStateStorage``) or any ``StateStorage``, with its version, migrations and care for
/// what it cannot read.
///
/// ```swift
/// let syncUps = Shared(
///     [SyncUp](), storage: .file(directory: directory, key: "sync-ups"))
/// ```
///
/// - Every change is written atomically: a crash or a `kill -9` mid-write leaves the previous
///   value. Several processes may share one file: a writer's temporary file is never touched
///   by another (``FileStateStorage``), and a failed write is retried by the shared value.
/// - A saved value that cannot be read when the shared value is made is reported and never
///   written over (see ``StateKeeper``): bad contents are moved aside (kept byte for byte, the
///   report says where) and saving goes on; a file the storage cannot read at all stays, and
///   saving is refused until the file is moved away or the keeper is cleared.
/// - A change made to the saved value from outside (another process, another window that
///   keeps its own `Shared` on the same file) is picked up every `watchInterval` and reaches
///   every store like any other change; when the poller's file holds what this storage last
///   wrote, nothing is read.
/// - A value written from outside while the shared value runs that this storage cannot read
///   (a newer version written by a newer app, another shape, a torn file) is reported through
///   the shared value's error handler and left where it is: saving is refused
///   (``StateKeeperError/Reason/savingRefused(readFailure:)``) and the stores keep working in
///   memory, until a value this storage can read is written there again; that value then
///   reaches the stores.
public final class KeptSharedStorage<Value: Codable & Sendable & Equatable>: SharedStorage {
    /// The keeper that reads and writes the value.
    package let keeper: StateKeeper<Value, Value>
    /// How often the saved value is read to pick up changes made from outside; `nil` for never.
    package let watchInterval: Duration?
    /// What the storage knows between calls.
    private struct IO {
        /// The bytes last read or written: a change from outside is a different file.
        var lastBytes: [UInt8]?
        /// Set while saving is refused because of a value written from outside.
        var refusedFromOutside = false
    }

    /// Held across each save and each look for a change from outside, so that a save of this
    /// storage's own is never mistaken for a change from outside.
    private let io = Locked(IO())
    /// Looks for changes from outside, in order with the saves (its `ordering` is held across
    /// each save): a value read before one of this storage's own saves is never handed to the
    /// shared value after that save (it replaced the newer value with the older one, and the
    /// process stayed there: its own file matched what it had written).
    private let poller = SharedStoragePoller<Value>()

    /// A storage that saves with `keeper`.
    ///
    /// - Parameters:
    ///   - keeper: Reads and writes the value.
    ///   - watchInterval: How often to look for changes made from outside. `nil` never looks
    ///     by itself; ``checkForChanges()`` still does.
    public init(_ keeper: StateKeeper<Value, Value>, watchInterval: Duration? = .seconds(1)) {
        self.keeper = keeper
        self.watchInterval = watchInterval
    }

    /// The saved value restored (``StateKeeper``'s `restored` closure applied), or `nil` if
    /// nothing is saved.
    public func load() throws -> Value? {
        let saved = try keeper.load()
        let bytes = currentBytes()
        io.withLock { $0.lastBytes = bytes }
        guard let saved else { return nil }
        return try keeper.fromSaved(saved, saved)
    }

    /// Saves `value` atomically; throws while a saved value that could not be read is kept.
    public func save(_ value: Value) throws {
        try poller.ordering.withLock { () throws(any Error) in try write(value) }
    }

    private func write(_ value: Value) throws {
        try io.withLock { io in
            // The bytes written, not the file read back: another process may have replaced it
            // already, and that change must be seen as one.
            io.lastBytes = try keeper.saveReturningBytes(value)
        }
    }

    /// Keeps `onChange` for changes from outside and `onError` for values written from
    /// outside that cannot be read, and starts looking for them every `watchInterval`, if
    /// it is set.
    public func subscribe(
        _ onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) {
        poller.subscribe(self, every: watchInterval, onChange: onChange, onError: onError) { $0.look() }
    }

    /// Looks for a change made to the saved value from outside now (when the app comes back
    /// to the foreground, say), and hands it to the shared value if there is one. A value
    /// that cannot be read is reported once and not written over (see the type's overview).
    ///
    /// It waits for a look already under way (the poller's), so that what either found has
    /// reached the shared value when it returns; called again from a store while this storage
    /// delivers a change on the same thread, it returns at once.
    public func checkForChanges() {
        poller.lookNow(self) { $0.look() }
    }

    /// One look: the value written from outside, or why it cannot be read; `nil` if nothing
    /// changed.
    private func look() -> SharedStoragePoller<Value>.Found? {
        io.withLock { io -> SharedStoragePoller<Value>.Found? in
            let bytes = currentBytes()
            guard bytes != io.lastBytes else { return nil }
            io.lastBytes = bytes
            guard let bytes else { return nil }
            let failure: StateKeeperError
            switch keeper.decodeWritten(bytes) {
            case .success(let saved):
                do {
                    let value = try keeper.fromSaved(saved, saved)
                    if io.refusedFromOutside {
                        io.refusedFromOutside = false
                        keeper.allowSaving()
                    }
                    return .value(value)
                } catch {
                    failure = StateKeeperError(key: keeper.key, reason: .rejected(error))
                }
            case .failure(let error): failure = error
            }
            io.refusedFromOutside = true
            keeper.refuseSaving(because: failure)
            return .failure(failure)
        }
    }

    /// The saved bytes now, or `nil` if there are none or they cannot be read.
    private func currentBytes() -> [UInt8]? {
        (try? keeper.storage.load(keeper.key)) ?? nil
    }
}

extension SharedStorage {
    /// A value saved in a JSON file named after `key` in `directory`, through a
    /// ``StateKeeper`` (``KeptSharedStorage``).
    ///
    /// - Parameters:
    ///   - directory: The directory of the file; made if missing.
    ///   - key: The file's name, without extension.
    ///   - version: The version of `Value`; raise it when `Value` changes incompatibly.
    ///   - migrate: Converts a value saved with an older version, or returns `nil`.
    ///   - watchInterval: How often to look for changes made from outside; `nil` never looks.
    public static func file<Value>(
        directory: String, key: String, version: Int = 1,
        migrate: (@Sendable (SavedState) throws -> Value?)? = nil,
        watchInterval: Duration? = .seconds(1)
    ) -> Self where Self == KeptSharedStorage<Value> {
        KeptSharedStorage(
            StateKeeper(storage: FileStateStorage(directory: directory), key: key, version: version, migrate: migrate),
            watchInterval: watchInterval)
    }
}
