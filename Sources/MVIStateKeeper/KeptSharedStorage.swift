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
///   value.
/// - A saved value that cannot be read is reported and never written over (see
///   ``StateKeeper``): the shared value starts from its default, and saving is refused until
///   the file is moved away or the keeper is cleared. Bad contents are moved aside first.
/// - A change made to the saved value from outside (another process, another window that
///   keeps its own `Shared` on the same file) is picked up every `watchInterval` and reaches
///   every store like any other change.
public final class KeptSharedStorage<Value: Codable & Sendable & Equatable>: SharedStorage {
    /// The keeper that reads and writes the value.
    public let keeper: StateKeeper<Value, Value>
    /// How often the saved value is read to pick up changes made from outside; `nil` for never.
    public let watchInterval: Duration?
    /// What the storage knows between calls.
    private struct IO {
        /// The bytes last read or written: a change from outside is a different file.
        var lastBytes: [UInt8]?
        /// Whom a change from outside is given to (``subscribe(_:)``).
        var onChange: (@Sendable (Value) -> Void)?
    }

    /// Held across each save and each look for a change from outside, so that a save of this
    /// storage's own is never mistaken for a change from outside (and its older value applied
    /// over a newer one).
    private let io = Locked(IO())
    /// The task that watches for changes from outside, if any.
    private let watcher = SharedStorageWatcher()

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
        let failure: (any Error)? = io.withLock { io in
            do {
                try keeper.save(value)
            } catch {
                return error
            }
            io.lastBytes = currentBytes()
            return nil
        }
        if let failure { throw failure }
    }

    /// Keeps `onChange` for changes from outside, and starts looking for them every
    /// ``watchInterval``, if it is set.
    public func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) {
        io.withLock { $0.onChange = onChange }
        guard let watchInterval else { return }
        watcher.start(every: watchInterval) { [weak self] in
            self?.checkForChanges()
            return self != nil
        }
    }

    /// Looks for a change made to the saved value from outside now (when the app comes back
    /// to the foreground, say), and hands it to the shared value if there is one.
    public func checkForChanges() {
        let (value, onChange) = io.withLock { io -> (Value?, (@Sendable (Value) -> Void)?) in
            let bytes = currentBytes()
            guard bytes != io.lastBytes else { return (nil, nil) }
            io.lastBytes = bytes
            guard bytes != nil, let saved = try? keeper.load() else { return (nil, nil) }
            return ((try? keeper.fromSaved(saved, saved)), io.onChange)
        }
        if let value, let onChange { onChange(value) }
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
