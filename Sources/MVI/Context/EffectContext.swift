/// What async work started with ``StoreContext/run(id:cancelInFlight:priority:_:)`` uses to
/// act on the store.
///
/// ``dispatch(_:)`` returns once the message is reduced, so ``state`` read afterwards
/// reflects it. Once the work's task is cancelled, dispatches and posts are ignored.
public struct EffectContext<F: Feature>: Sendable {
    @usableFromInline let core: StoreCore<F>

    init(core: StoreCore<F>) {
        self.core = core
    }

    /// The store's current state.
    public var state: F.State { core.state }

    /// The name of the store.
    public var storeName: String { core.name }

    /// Reduces a message, in order with the store's other input, and returns once it is
    /// reduced. Ignored if the calling task is cancelled or the store has ended.
    public func dispatch(_ message: F.Message) async {
        guard !Task.isCancelled else { return }
        await core.dispatchFromEffect(message)
    }

    /// Posts a side effect, in order with the work's messages. Ignored if the calling task is
    /// cancelled or the store has ended.
    public func post(_ sideEffect: F.SideEffect) async {
        guard !Task.isCancelled else { return }
        await core.postFromEffect(sideEffect)
    }

    /// Sends an intent to the store, as a view would.
    public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// Starts further async work owned by the store (see ``StoreContext/run(id:cancelInFlight:priority:_:)``).
    public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (EffectContext<F>) async throws -> Void
    ) {
        core.run(id: id.map { TaskID($0) }, cancelInFlight: cancelInFlight, priority: priority, operation: operation)
    }

    /// Cancels all running work started with this `id`.
    public func cancel(id: some Hashable & Sendable) {
        core.cancelTasks(id: TaskID(id))
    }
}
