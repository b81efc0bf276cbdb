/// What async work started with ``StoreContext/run(id:cancelInFlight:priority:_:)`` uses to
/// act on the store.
///
/// ``dispatch(_:)`` returns once the message is reduced, so ``state`` read afterwards
/// reflects it.
///
/// The context belongs to its work. Once the work is cancelled (by id, by a later run with
/// `cancelInFlight`, or with the store), what it dispatches, posts or sends is dropped, and
/// the store decides that when it would apply the input, so a result that was already on its
/// way is dropped too. A context used after its work has returned (captured by another task)
/// is a misuse: its input is dropped and reported to the store's error handler as
/// ``StoreMisuse/contextUsedAfterWorkEnded(_:)``.
public struct WorkContext<F: Feature>: Sendable {
    @usableFromInline let core: StoreCore<F>
    /// The token of the work this context belongs to.
    @usableFromInline let work: Int

    @usableFromInline init(core: StoreCore<F>, work: Int) {
        self.core = core
        self.work = work
    }

    /// The store's current state.
    public var state: F.State { core.state }

    /// The name of the store.
    public var storeName: String { core.name }

    /// Reduces a message, in order with the store's other input, and returns once it is
    /// reduced. Dropped if the work is cancelled before the message is applied, or the store
    /// has ended.
    @inlinable public func dispatch(_ message: F.Message) async {
        guard !Task.isCancelled else { return }
        await core.dispatchFromWork(message, work: work)
    }

    /// Posts a side effect, in order with the work's messages. Dropped if the work is
    /// cancelled before it is delivered, or the store has ended.
    public func post(_ sideEffect: F.SideEffect) async {
        guard !Task.isCancelled else { return }
        await core.postFromWork(sideEffect, work: work)
    }

    /// Sends an intent to the store, as a view would. Dropped if the work is cancelled or
    /// the store has ended.
    public func send(_ intent: F.Intent) {
        guard !Task.isCancelled else { return }
        core.sendFromWork(intent, work: work)
    }

    /// Starts further async work owned by the store (see ``StoreContext/run(id:cancelInFlight:priority:_:)``).
    @inlinable public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        core.run(
            id: TaskID.optional(id), cancelInFlight: cancelInFlight, priority: priority, parentWork: work,
            operation: operation)
    }

    /// Cancels all running work started with this `id`.
    public func cancel(id: some Hashable & Sendable) {
        core.cancelTasks(id: TaskID(id))
    }
}

/// The former name of ``WorkContext``: "effect" now means only the one-shot side effect.
@available(*, deprecated, renamed: "WorkContext")
public typealias EffectContext<F: Feature> = WorkContext<F>
