/// A store's middleware with the mask of the event kinds it observes.
@usableFromInline
struct MiddlewareEntry<F: Feature>: Sendable {
    @usableFromInline let middleware: any Middleware<F>
    @usableFromInline let mask: UInt16

    init(_ middleware: any Middleware<F>) {
        self.middleware = middleware
        self.mask = StoreEvent<F>.Kind.mask(of: middleware.observedEventKinds)
    }
}
