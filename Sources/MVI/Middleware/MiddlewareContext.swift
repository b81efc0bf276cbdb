/// What middleware can see of the store while it handles an event.
///
/// Valid only during the call: read what you need, do not keep it. To keep a handle on the
/// store, keep ``hooks`` (it holds the store weakly).
public struct MiddlewareContext<F: Feature> {
    // Strong, although holding it costs a retain and a release per event (on the reference
    // count's slow path once the core has a weak reference): a context is a plain struct that
    // a middleware could keep against its documented rule, and a safe API must not turn that
    // into a use after free.
    @usableFromInline let core: StoreCore<F>

    @inlinable init(core: StoreCore<F>) {
        self.core = core
    }

    /// The name of the store.
    @inlinable public var storeName: String { core.name }

    /// The store's identity, for add-ons in the package that keep something per store: cheaper
    /// than ``storeName``, which a store without a given name makes anew on every read.
    @inlinable package var storeID: ObjectIdentifier { ObjectIdentifier(core) }

    /// The store's current state, after the event.
    @inlinable public var state: F.State { core.drainerState }

    /// Whether the event happens while the store runs ``Feature/execute(_:_:)`` or
    /// ``Feature/bootstrap(_:)``: `true` for the messages, states and side effects an intent
    /// produces synchronously, `false` for input from async work and for the
    /// ``StoreEvent/intent(_:)`` event itself. The test store uses it to tell what `send`
    /// did from what async work did later; it is not part of the public API.
    @inlinable package var isExecuting: Bool { core.drainer.isExecuting }

    /// Sends an intent to the store; it is processed after the current one.
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// The store's debugging hooks (time travel uses them), holding the store weakly.
    public var hooks: StoreHooks<F> { StoreHooks(core: core) }
}

@available(*, unavailable, message: "A middleware context is valid only during the call")
extension MiddlewareContext: Sendable {}
