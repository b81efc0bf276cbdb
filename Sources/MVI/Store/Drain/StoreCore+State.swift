import Synchronization

/// The state: read from any thread under `stateLock`, reduced by the drain-claim holder.
extension StoreCore {
    /// The state, for any thread.
    @inlinable var state: F.State {
        if _slowPath(reducingThread.load(ordering: .relaxed) == ThreadIdentity.current) {
            stateReadDuringReduce()
        }
        return stateLock.withLock { drainer.state }
    }

    /// A reducer read the store's state: it would wait for itself. Reducers get the state
    /// as their `inout` argument; reading the store from one is a bug, stopped here with a
    /// message that names it rather than a deadlock.
    @usableFromInline func stateReadDuringReduce() -> Never {
        preconditionFailure(  // the only safe answer: the state is half-reduced and borrowed by reduce
            "swift-mvi: [\(name)] Store.state was read from inside reduce. A reducer must be pure: "
                + "use the state it is given, never the store.")
    }

    /// Reduces `message` into the state in place, under the state lock, on thread `me`;
    /// through the feature's children when `routing` (the watched paths pass it, the plain
    /// one has no children).
    @inlinable func reduce(_ message: F.Message, on me: UInt, routing: Bool = false) {
        withReducing(on: me) { F.reduceKeepingSharedElements(&drainer.state, message, routing: routing) }
    }

    /// Runs `body`, which reduces, under the state lock, marked as reducing on thread `me`.
    @inlinable func withReducing(on me: UInt, _ body: () -> Void) {
        reducingThread.store(me, ordering: .relaxed)
        stateLock.withLock { body() }
        reducingThread.store(0, ordering: .relaxed)
    }

    /// The state, for the drain-claim holder only (no lock: only it writes).
    @inlinable var drainerState: F.State {
        _read { yield drainer.state }
    }

    /// Whether `execute` or `bootstrap` is on the stack (kept only when there is middleware);
    /// for the drain-claim holder.
    @inlinable var isExecuting: Bool { drainer.isExecuting }

    /// Runs `body` with the state under `stateLock`: for a reader on another thread that must
    /// see the state and what the hook wrote with it together (time travel's controller).
    func withStateLocked<Result: Sendable>(_ body: (F.State) -> Result) -> Result {
        stateLock.withLock { body(drainer.state) }
    }

    /// The store's own state, for any thread: while time travel shows a past state
    /// (``StoreHooks/show(_:)``), the live one kept aside, never the shown one.
    package var liveState: F.State {
        stateLock.withLock { drainer.liveWhileShowing?.value ?? drainer.state }
    }
}
