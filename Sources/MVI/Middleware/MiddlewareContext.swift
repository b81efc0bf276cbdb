/// What middleware can see of the store while it handles an event.
///
/// Valid only during the call: read what you need, do not keep it. To keep a handle on the
/// store, keep ``hooks`` (it holds the store weakly).
public struct MiddlewareContext<F: Feature> {
    // unowned(unsafe): the store makes a context only inside its own call to the middleware,
    // while it runs (so the core is alive), and a context is valid only during that call.
    // Holding it strongly cost a retain and a release per event, on the slow path of the
    // reference count whenever the core has a weak reference (any subscription): ~450
    // instructions per send through `middleware-noop` (callgrind).
    @usableFromInline unowned(unsafe) let core: StoreCore<F>

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
