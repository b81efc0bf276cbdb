import Synchronization

/// Saves a store's state to a ``StateStorage`` and restores it when the store is created:
/// MVIKotlin's StateKeeper, BmiCalc's `restored` lifecycle.
///
/// ```swift
/// let keeper = StateKeeper<Counter.State, Counter.State>(
///     storage: FileStateStorage(directory: directory), key: "counter",
///     restored: { $0.restored() })      // a live state from a saved one: reset spinners
/// let store = Store(Counter(), initialState: keeper.restoredState(or: .init()))
/// keeper.keep(store)                    // saves after changes, coalesced, and when it ends
/// ```
///
/// The saved state is the store's `Codable` state, or a `Codable` projection of it for
/// states with parts that must not be saved (see ``init(storage:key:version:save:restore:migrate:)``).
/// It is written in an envelope with a version number; a state saved with an older version
/// goes through the migration hook.
///
/// A saved state that cannot be read (truncated, not JSON, another schema, an unknown
/// version) is moved aside by the storage, never overwritten or deleted; the store starts
/// from its initial state and the ``StateKeeperError`` goes to the store's error handler.
public final class StateKeeper<State: Sendable, Saved: Codable & Sendable>: Sendable {
    /// The key the state is saved under.
    public let key: String
    /// The version written with every save.
    public let version: Int
    /// Where states are saved.
    public let storage: any StateStorage

    let toSaved: @Sendable (State) -> Saved
    let fromSaved: @Sendable (Saved, State) -> State
    let migrate: (@Sendable (SavedState) throws -> Saved?)?

    struct IO {
        /// A bad saved state could not be moved aside: writing would destroy it.
        var savingDisabled = false
        /// A restore failure waiting for a store to report it to.
        var pendingFailure: StateKeeperError?
    }

    /// Serializes every read and write of the key. Held during I/O, off the send path.
    let io = Mutex(IO())
    /// The store being kept, if any.
    let kept = Mutex<(any KeptStoreHandle)?>(nil)

    /// Creates a keeper that saves a `Codable` projection of the state.
    ///
    /// - Parameters:
    ///   - storage: Where to save.
    ///   - key: The key to save under.
    ///   - version: The version of `Saved`; raise it when `Saved` changes incompatibly.
    ///   - save: Makes the saved value from the live state (leave out transient parts).
    ///   - restore: Makes a live state from a saved value and the store's initial state.
    ///   - migrate: Converts a saved state of another version, or returns `nil` when it
    ///     cannot. Without it, only states of `version` are read.
    public init(
        storage: any StateStorage,
        key: String,
        version: Int = 1,
        save: @escaping @Sendable (State) -> Saved,
        restore: @escaping @Sendable (_ saved: Saved, _ initial: State) -> State,
        migrate: (@Sendable (SavedState) throws -> Saved?)? = nil
    ) {
        self.storage = storage
        self.key = key
        self.version = version
        self.toSaved = save
        self.fromSaved = restore
        self.migrate = migrate
    }

    deinit {
        // A restore failure that never reached a store still must not vanish.
        if let failure = io.withLock({ $0.pendingFailure }) {
            StoreErrorHandler.standardError(
                StoreError(storeName: "StateKeeper \"\(key)\"", origin: .addOn("state keeper"), underlying: failure))
        }
    }

    // MARK: Restoring

    /// The saved state turned live, or `initial` if nothing was saved or the saved state
    /// could not be read.
    ///
    /// A failure is kept and reported to the store's error handler when you call
    /// ``keep(_:saving:)`` (or to standard error, if the keeper goes away without keeping a
    /// store); a bad saved state has been moved aside already.
    public func restoredState(or initial: State) -> State {
        do {
            return try loadState(or: initial)
        } catch {
            io.withLock { $0.pendingFailure = error }
            return initial
        }
    }

    /// The saved state turned live, or `initial` if nothing was saved; throws if the saved
    /// state cannot be read (and moves it aside).
    public func loadState(or initial: State) throws(StateKeeperError) -> State {
        guard let saved = try load() else { return initial }
        return fromSaved(saved, initial)
    }

    /// The saved value, migrated if it was saved with an older version, or `nil` if nothing
    /// was saved. Throws if it cannot be read, after moving it aside.
    public func load() throws(StateKeeperError) -> Saved? {
        try io.withLock { io throws(StateKeeperError) -> Saved? in
            let bytes: [UInt8]?
            do {
                bytes = try storage.load(key)
            } catch {
                // The storage could not read: the file may be fine, so it stays where it is.
                throw StateKeeperError(key: key, reason: .storageFailed(error))
            }
            guard let bytes else { return nil }
            switch decode(bytes) {
            case .success(let saved):
                return saved
            case .failure(let bad):
                throw moveAside(bad.reason, &io)
            }
        }
    }

    private func decode(_ bytes: [UInt8]) -> Result<Saved, BadInput> {
        let found: Int
        switch StateCoding.version(of: bytes) {
        case .success(let version): found = version
        case .failure(let bad): return .failure(bad)
        }
        if found == version {
            do {
                return .success(try StateCoding.decodeState(Saved.self, from: bytes))
            } catch {
                return .failure(BadInput(.schemaMismatch(error)))
            }
        }
        guard found < version, let migrate else {
            return .failure(BadInput(.unknownVersion(found: found, supported: version)))
        }
        do {
            guard let saved = try migrate(SavedState(key: key, version: found, bytes: bytes)) else {
                return .failure(BadInput(.unknownVersion(found: found, supported: version)))
            }
            return .success(saved)
        } catch {
            return .failure(BadInput(.migrationFailed(from: found, error)))
        }
    }

    private func moveAside(_ reason: StateKeeperError.Reason, _ io: inout IO) -> StateKeeperError {
        do {
            let moved = try storage.moveAside(key)
            return StateKeeperError(key: key, reason: reason, movedAsideTo: moved)
        } catch {
            io.savingDisabled = true
            return StateKeeperError(key: key, reason: reason)
        }
    }

    // MARK: Saving

    /// Saves `state` now.
    public func save(_ state: State) throws(StateKeeperError) {
        try io.withLock { io throws(StateKeeperError) in try write(state, &io) }
    }

    /// Removes the saved state.
    public func clear() throws(StateKeeperError) {
        try io.withLock { _ throws(StateKeeperError) in
            do {
                try storage.remove(key)
            } catch {
                throw StateKeeperError(key: key, reason: .storageFailed(error))
            }
        }
    }

    /// Encodes and writes; the caller holds `io`.
    func write(_ state: State, _ io: inout IO) throws(StateKeeperError) {
        if io.savingDisabled { throw StateKeeperError(key: key, reason: .savingDisabled) }
        let bytes: [UInt8]
        do {
            bytes = try StateCoding.encode(toSaved(state), version: version)
        } catch {
            throw StateKeeperError(key: key, reason: .encodingFailed(error))
        }
        do {
            try storage.save(bytes, for: key)
        } catch {
            throw StateKeeperError(key: key, reason: .storageFailed(error))
        }
    }
}

extension StateKeeper where Saved == State {
    /// Creates a keeper that saves the whole state.
    ///
    /// - Parameters:
    ///   - storage: Where to save.
    ///   - key: The key to save under.
    ///   - version: The version of `State`; raise it when `State` changes incompatibly.
    ///   - restored: Turns a restored state into a live one: BmiCalc's `state.restored()`,
    ///     which resets spinners and drops in-flight flags. Defaults to the state as saved.
    ///   - migrate: Converts a saved state of an older version, or returns `nil` when it
    ///     cannot.
    public convenience init(
        storage: any StateStorage,
        key: String,
        version: Int = 1,
        restored: @escaping @Sendable (State) -> State = { $0 },
        migrate: (@Sendable (SavedState) throws -> State?)? = nil
    ) {
        self.init(
            storage: storage, key: key, version: version,
            save: { $0 }, restore: { saved, _ in restored(saved) }, migrate: migrate)
    }
}
