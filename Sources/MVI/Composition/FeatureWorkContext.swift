/// What async work started with ``FeatureContext/run(id:cancelInFlight:priority:_:)`` uses to
/// act, on the feature's own store or inside a parent.
///
/// It behaves as ``WorkContext``: ``dispatch(_:)`` returns once the message is reduced, and
/// once the work is cancelled whatever it dispatches or posts is dropped. Inside a parent,
/// a message for a child that has gone away is dropped too: it is never applied to a child
/// that no longer exists.
public struct FeatureWorkContext<F: Feature>: Sendable {
    @usableFromInline let backend: any WorkBackend<F>

    @usableFromInline init(_ backend: any WorkBackend<F>) {
        self.backend = backend
    }

    /// The current state (the child's, inside a parent). If the child has gone away, the
    /// state it had when this work started.
    public var state: F.State { backend.state }

    /// The name of the store that runs the feature.
    public var storeName: String { backend.storeName }

    /// Reduces a message, in order with the store's other input, and returns once it is
    /// reduced. Dropped if the work is cancelled or the child has gone away.
    public func dispatch(_ message: F.Message) async { await backend.dispatch(message) }

    /// Posts a side effect, in order with the work's messages. Dropped if the work is
    /// cancelled or the child has gone away.
    public func post(_ sideEffect: F.SideEffect) async { await backend.post(sideEffect) }

    /// Sends an intent, as a view would. Dropped if the work is cancelled.
    public func send(_ intent: F.Intent) { backend.send(intent) }

    /// Starts further async work owned by the store.
    ///
    /// - Parameters:
    ///   - id: Names the work for cancellation.
    ///   - cancelInFlight: Cancel earlier work with the same `id` first.
    ///   - priority: The task's priority.
    ///   - operation: The work.
    public func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (FeatureWorkContext<F>) async throws -> Void
    ) {
        backend.run(id: id, cancelInFlight: cancelInFlight, priority: priority, operation)
    }

    /// Cancels all running work started with this `id`.
    public func cancel(id: some Hashable & Sendable) { backend.cancel(id: id) }
}
