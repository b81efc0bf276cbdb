/// An observer of every event of a store: intents, messages, states, side effects, failures.
///
/// Middleware is Playtomic's `MVIMiddleware` and MVIKotlin's store wrapper: analytics,
/// navigation, logging, time travel and the test store are all middleware. It sees events in
/// the order the store processes them, on the thread that processes them, and cannot change
/// the state; it may send new intents through ``MiddlewareContext/send(_:)``, which queue
/// behind the current one.
///
/// Keep `handle` fast: it runs on the send path.
public protocol Middleware<Target>: Sendable {
    /// The feature whose stores this middleware observes.
    associatedtype Target: Feature

    /// The kinds of event this middleware observes. The store asks once, when it is
    /// created, and from then on does not even build an event of another kind for it: a
    /// middleware that is switched off costs nothing on the send path. Defaults to every kind.
    var observedEventKinds: Set<StoreEvent<Target>.Kind> { get }

    /// Observes one event.
    func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>)

    /// Called when the feature's `execute` for the last ``StoreEvent/intent(_:)`` returned
    /// (the messages it dispatched synchronously are reduced by then), so that middleware can
    /// time an execution. Only for middleware that observes intents. Defaults to nothing.
    func intentExecuted(_ context: borrowing MiddlewareContext<Target>)

    /// Whether this middleware wants ``asyncWork(_:)``. The store asks once, when it is
    /// created; a store whose middleware all say `false` (the default) pays nothing when it
    /// starts or ends work.
    var observesAsyncWork: Bool { get }

    /// The middleware that one store uses: called once for each store created with this
    /// middleware, before its first event, with the store's name.
    ///
    /// Middleware that keeps something per store (its counters, the span of the intent in
    /// progress) returns a copy that holds it, so that handling an event needs no look-up by
    /// store; every event, ``intentExecuted(_:)`` and ``asyncWork(_:)`` of that store then go
    /// to the copy. Defaults to `self`.
    func forStore(named name: String) -> Self

    /// Async work the store owns started or ended. Not ordered with the other events, and
    /// called on whichever thread starts or ends the work (see ``AsyncWorkEvent``): keep it
    /// thread-safe and fast.
    func asyncWork(_ event: AsyncWorkEvent)
}

extension Middleware {
    /// Does nothing.
    public func intentExecuted(_ context: borrowing MiddlewareContext<Target>) {}

    /// `false`: middleware does not see async work unless it asks to.
    public var observesAsyncWork: Bool { false }

    /// Does nothing.
    public func asyncWork(_ event: AsyncWorkEvent) {}

    /// `self`: the same middleware for every store.
    public func forStore(named name: String) -> Self { self }
}

extension Middleware {
    /// Every kind of event.
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        Set(StoreEvent<Target>.Kind.allCases)
    }
}
