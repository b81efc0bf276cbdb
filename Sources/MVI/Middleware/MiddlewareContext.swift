/// What middleware can see of the store while it handles an event.
///
/// Valid only during the call, and the compiler holds you to it: the context is
/// noncopyable and lent to ``Middleware/handle(_:_:)`` (`borrowing`), so it cannot be kept,
/// copied or captured by an escaping closure. Read what you need during the call.
public struct MiddlewareContext<F: Feature>: ~Copyable {
    // Unowned and unchecked: the store lends the context only for the duration of a call it
    // makes while it holds itself, and a noncopyable value lent `borrowing` cannot outlive that
    // call, so the store is always alive. No retain and release per event.
    @usableFromInline unowned(unsafe) let core: StoreCore<F>

    /// The kind of the event being handled (``StoreEvent/Kind/intent`` in
    /// ``Middleware/intentExecuted(_:)``).
    ///
    /// The same as `event.kind`, without a switch over the event: middleware that is generic
    /// over its feature runs unspecialized behind the store, where switching over a
    /// `StoreEvent` looks up its generic metadata (hundreds of instructions). Switch over this
    /// instead, and take the event's payload only for the kinds that need it.
    public let eventKind: StoreEvent<F>.Kind

    @inlinable init(core: StoreCore<F>, eventKind: StoreEvent<F>.Kind) {
        self.core = core
        self.eventKind = eventKind
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
    @inlinable package var isExecuting: Bool { core.isExecuting }

    /// Sends an intent to the store; it is processed after the current one.
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// The store's debugging hooks (time travel uses them), holding the store weakly.
    package var hooks: StoreHooks<F> { StoreHooks(core: core) }
}

@available(*, unavailable, message: "A middleware context is valid only during the call")
extension MiddlewareContext: Sendable {}
