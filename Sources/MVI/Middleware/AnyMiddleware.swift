/// Middleware made from a closure.
///
/// ```swift
/// let analytics = AnyMiddleware<Counter> { event, context in
///     if case .intent(.increment) = event { tracker.track("increment") }
/// }
/// ```
public struct AnyMiddleware<Target: Feature>: Middleware {
    @usableFromInline let body: @Sendable (StoreEvent<Target>, borrowing MiddlewareContext<Target>) -> Void
    /// The kinds of event `body` is called for.
    public let observedEventKinds: Set<StoreEvent<Target>.Kind>

    /// Creates middleware that calls `body` for every event, or only for events of `kinds`.
    public init(
        observing kinds: Set<StoreEvent<Target>.Kind> = Set(StoreEvent<Target>.Kind.allCases),
        _ body: @escaping @Sendable (StoreEvent<Target>, borrowing MiddlewareContext<Target>) -> Void
    ) {
        self.observedEventKinds = kinds
        self.body = body
    }

    /// Calls the closure.
    @inlinable
    public func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        body(event, context)
    }
}
