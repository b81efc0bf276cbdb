/// What ``Feature/execute(_:_:)`` and ``Feature/bootstrap(_:)`` use to act on the store.
///
/// Everything here is synchronous and happens in order on the thread processing the intent:
/// ``dispatch(_:)`` reduces at once, so ``state`` always reflects every message dispatched so
/// far. The context is valid only during the call; it is not `Sendable`, so it cannot
/// escape into a task by accident. For async work, use ``run(id:cancelInFlight:priority:_:)``,
/// whose operation gets an ``WorkContext``.
public struct StoreContext<F: Feature> {
    @usableFromInline let core: StoreCore<F>

    @inlinable init(core: StoreCore<F>) {
        self.core = core
    }

    /// The current state, including every message dispatched so far.
    @inlinable public var state: F.State {
        _read { yield core.drainerState }
    }

    /// The name of the store.
    @inlinable public var storeName: String { core.name }

    /// Reduces a message now and publishes the new state.
    @inlinable public func dispatch(_ message: F.Message) {
        core.apply(message)
    }

    /// Posts a one-shot side effect, delivered according to the store's ``SideEffectPolicy``.
    @inlinable public func post(_ sideEffect: F.SideEffect) {
        core.deliver(sideEffect)
    }

    /// Sends another intent; it is processed after the current one finishes.
    ///
    /// It is the store's own input: a store's ``Store/pendingInputLimit`` counts it but never
    /// drops it, so a feature's follow-up intents are not lost to outside senders' load.
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent, atBound: .admit)
    }

    /// Starts async work owned by the store.
    ///
    /// The work is cancelled when the store is cancelled or released, when ``cancel(id:)`` names
    /// its `id`, or, with `cancelInFlight`, when a later run with the same `id` starts (latest
    /// wins, for search-as-you-type). An error it throws goes to the store's error handler;
    /// `CancellationError` is not a failure. Once cancelled, its dispatches and posts are
    /// ignored, so stale results never reach the state.
    ///
    /// - Parameters:
    ///   - id: Names the work for cancellation. `nil` for work nobody cancels by name.
    ///   - cancelInFlight: Cancel earlier work with the same `id` first.
    ///   - priority: The task's priority.
    ///   - operation: The work. Its context dispatches messages and posts side effects.
    @inlinable public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        core.run(id: TaskID.optional(id), cancelInFlight: cancelInFlight, priority: priority, operation: operation)
    }

    /// Cancels all running work started with this `id`.
    public func cancel(id: some Hashable & Sendable) {
        core.cancelTasks(id: TaskID(id))
    }
}

@available(*, unavailable, message: "A store context is valid only during execute; use run for async work")
extension StoreContext: Sendable {}
