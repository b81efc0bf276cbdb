/// One middleware of a store, opened once when the store is created: the send path calls it
/// through this class's table instead of through an existential, so that no existential is
/// copied or projected per event, and the mask of the kinds it observes sits beside it.
///
/// Abstract: the store holds ``MiddlewareLinkOf`` instances, one per middleware.
@usableFromInline
class MiddlewareLink<F: Feature>: @unchecked Sendable {  // immutable; subclasses hold a Sendable middleware
    /// The kinds of event the middleware observes, one bit each (``StoreEvent/Kind/bit``).
    @usableFromInline final let mask: UInt16

    init(mask: UInt16) {
        self.mask = mask
    }

    /// Shows the middleware one event.
    @usableFromInline func handle(_ event: StoreEvent<F>, _ context: borrowing MiddlewareContext<F>) {}

    /// Tells the middleware that the intent's `execute` returned.
    @usableFromInline func intentExecuted(_ context: borrowing MiddlewareContext<F>) {}

    /// Whether the middleware wants ``asyncWork(_:)``.
    var observesAsyncWork: Bool { false }

    /// Tells the middleware that async work started or ended.
    func asyncWork(_ event: AsyncWorkEvent) {}
}

/// ``MiddlewareLink`` for a middleware of type `M`: calls it directly.
///
/// It restates its base's unchecked sendability, as Swift requires of a subclass; what it adds
/// is one stored property, the middleware, a `let` of a `Sendable` type.
@usableFromInline
final class MiddlewareLinkOf<M: Middleware>: MiddlewareLink<M.Target>, @unchecked Sendable {  // stores one Sendable let
    @usableFromInline let middleware: M

    init(_ middleware: M) {
        self.middleware = middleware
        super.init(mask: StoreEvent<M.Target>.Kind.mask(of: middleware.observedEventKinds))
    }

    @usableFromInline override func handle(
        _ event: StoreEvent<M.Target>, _ context: borrowing MiddlewareContext<M.Target>
    ) {
        middleware.handle(event, context)
    }

    @usableFromInline override func intentExecuted(_ context: borrowing MiddlewareContext<M.Target>) {
        middleware.intentExecuted(context)
    }

    override var observesAsyncWork: Bool { middleware.observesAsyncWork }

    override func asyncWork(_ event: AsyncWorkEvent) {
        middleware.asyncWork(event)
    }
}

extension Middleware {
    /// This middleware, opened, as the store named `storeName` uses it (see
    /// ``Middleware/forStore(named:)``): its link for that store's pipeline.
    func link(forStoreNamed storeName: String) -> MiddlewareLink<Target> {
        MiddlewareLinkOf(forStore(named: storeName))
    }
}
