import MVI

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
/// A saved state is never overwritten or deleted because it could not be used; the store
/// starts from its initial state and the ``StateKeeperError`` goes to the store's error
/// handler:
/// - Bad contents (truncated, not JSON, another schema, an unknown version, a state the
///   `restore` closure rejects by throwing) are moved aside by the storage, and saving goes on.
/// - A saved state the storage could not read at all (a permission error, too many open
///   files, not a regular file, over the size limit) stays where it is, and saving the key
///   is refused with ``StateKeeperError/Reason/savingRefused(readFailure:)`` until you decide:
///   a later load that succeeds (``load()``, ``loadState(or:)``, ``restoredState(or:)``)
///   hands you the saved state and turns saving back on; ``clear()`` discards it.
public final class StateKeeper<State: Sendable, Saved: Codable & Sendable>: Sendable {
    /// The key the state is saved under.
    package let key: String
    /// The version written with every save.
    package let version: Int
    /// Where states are saved.
    package let storage: any StateStorage

    let toSaved: @Sendable (State) -> Saved
    let fromSaved: @Sendable (Saved, State) throws -> State
    let migrate: (@Sendable (SavedState) throws -> Saved?)?

    struct IO {
        /// Why saving is refused, if it is (``StateKeeperError/Reason/savingRefused(readFailure:)``
        /// or ``StateKeeperError/Reason/savingDisabled``): the saved state could not be read,
        /// or a bad one could not be moved aside, and writing would destroy it.
        var refusal: StateKeeperError.Reason?
        /// Whether the kept store's error handler has heard of the current refusal: a kept
        /// store reports the first refused save, not every one.
        var refusalReported = false
        /// A restore failure waiting for a store to report it to.
        var pendingFailure: StateKeeperError?

        mutating func refuseSaving(_ reason: StateKeeperError.Reason) {
            refusal = reason
            refusalReported = false
        }
    }

    /// Serializes every read and write of the key. Held during I/O, off the send path.
    let io = Locked(IO())
    /// The store being kept, if any.
    let kept = Locked<(any KeptStoreHandle)?>(nil)

    /// Creates a keeper that saves a `Codable` projection of the state.
    ///
    /// - Parameters:
    ///   - storage: Where to save.
    ///   - key: The key to save under.
    ///   - version: The version of `Saved`; raise it when `Saved` changes incompatibly.
    ///   - save: Makes the saved value from the live state (leave out transient parts).
    ///   - restore: Makes a live state from a saved value and the store's initial state. It
    ///     may throw to reject a saved value that decodes but breaks an invariant of the live
    ///     state (two items with one id): the saved state is then moved aside like bad contents,
    ///     and the error arrives as ``StateKeeperError/Reason/rejected(_:)``. A closure that
    ///     cannot throw is fine too.
    ///   - migrate: Converts a saved state of another version, or returns `nil` when it
    ///     cannot. Without it, only states of `version` are read.
    public init(
        storage: any StateStorage,
        key: String,
        version: Int = 1,
        save: @escaping @Sendable (State) -> Saved,
        restore: @escaping @Sendable (_ saved: Saved, _ initial: State) throws -> State,
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
    /// store). A bad saved state has been moved aside already; one the storage could not
    /// read stays where it is, and saving it is refused until a load succeeds or you call
    /// ``clear()``.
    public func restoredState(or initial: State) -> State {
        do {
            return try loadState(or: initial)
        } catch {
            io.withLock { $0.pendingFailure = error }
            return initial
        }
    }

    /// The saved state turned live, or `initial` if nothing was saved; throws if the saved
    /// state cannot be read (see ``load()``), or if the `restore` closure rejects it: then the
    /// saved state is moved aside, as bad contents are, and the error's reason is
    /// ``StateKeeperError/Reason/rejected(_:)``.
    public func loadState(or initial: State) throws(StateKeeperError) -> State {
        guard let (saved, bytes) = try loadSaved() else { return initial }
        do {
            // User code: run outside `io`, so that it may use the keeper.
            return try fromSaved(saved, initial)
        } catch {
            throw reject(bytes, because: error)
        }
    }

    /// The saved value, migrated if it was saved with an older version, or `nil` if nothing
    /// was saved.
    ///
    /// Throws if it cannot be read: bad contents are moved aside first; if the storage could
    /// not read the saved state at all, it stays where it is and saving is refused from now
    /// on (``StateKeeperError/Reason/savingRefused(readFailure:)``). A load that succeeds,
    /// or finds nothing saved, turns saving back on: the saved state is in your hands.
    public func load() throws(StateKeeperError) -> Saved? {
        try loadSaved()?.saved
    }

    /// ``load()``, with the bytes the value was read from.
    private func loadSaved() throws(StateKeeperError) -> (saved: Saved, bytes: [UInt8])? {
        try io.withLock { io throws(StateKeeperError) -> (saved: Saved, bytes: [UInt8])? in
            let bytes: [UInt8]?
            do {
                bytes = try storage.load(key)
            } catch {
                // The storage could not read: the saved state may be fine, so it stays where it
                // is, and no save may replace it until the app decides.
                let failure = error as? StateKeeperError ?? StateKeeperError(key: key, reason: .storageFailed(error))
                io.refuseSaving(.savingRefused(readFailure: failure))
                throw failure
            }
            guard let bytes else {
                io.refusal = nil
                return nil
            }
            switch decode(bytes) {
            case .success(let saved):
                io.refusal = nil
                return (saved, bytes)
            case .failure(let bad):
                throw moveAside(bad.reason, &io)
            }
        }
    }

    func decode(_ bytes: [UInt8]) -> Result<Saved, BadInput> {
        let found: Int
        switch StateCoding.version(of: bytes, supported: version) {
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

    /// Moves aside the saved state the `restore` closure rejected, with the guarantee bad
    /// contents have: kept, moved aside, never overwritten.
    private func reject(_ bytes: [UInt8], because rejection: any Error) -> StateKeeperError {
        io.withLock { io in
            let current: [UInt8]?
            do {
                current = try storage.load(key)
            } catch {
                // Cannot tell whether the rejected state is still there: keep whatever is.
                io.refuseSaving(.savingDisabled)
                return StateKeeperError(key: key, reason: .rejected(rejection))
            }
            // A save since the load (restore ran outside `io`) replaced what was rejected; what
            // is there now was not judged, and stays.
            guard current == bytes else { return StateKeeperError(key: key, reason: .rejected(rejection)) }
            return moveAside(.rejected(rejection), &io)
        }
    }

    private func moveAside(_ reason: StateKeeperError.Reason, _ io: inout IO) -> StateKeeperError {
        do {
            let moved = try storage.moveAside(key)
            io.refusal = nil
            return StateKeeperError(key: key, reason: reason, movedAsideTo: moved)
        } catch {
            io.refuseSaving(.savingDisabled)
            return StateKeeperError(key: key, reason: reason)
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
    ///     which resets spinners and drops in-flight flags. Defaults to the state as saved. It
    ///     may throw to reject a saved state that breaks an invariant: the saved state is moved
    ///     aside (``StateKeeperError/Reason/rejected(_:)``) and the store starts from its
    ///     initial state.
    ///   - migrate: Converts a saved state of an older version, or returns `nil` when it
    ///     cannot.
    public convenience init(
        storage: any StateStorage,
        key: String,
        version: Int = 1,
        restored: @escaping @Sendable (State) throws -> State = { $0 },
        migrate: (@Sendable (SavedState) throws -> State?)? = nil
    ) {
        self.init(
            storage: storage, key: key, version: version,
            save: { $0 }, restore: { saved, _ in try restored(saved) }, migrate: migrate)
    }
}
