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
    func handle(_ event: StoreEvent<Target>, _ context: MiddlewareContext<Target>)
}

extension Middleware {
    /// Every kind of event.
    public var observedEventKinds: Set<StoreEvent<Target>.Kind> {
        Set(StoreEvent<Target>.Kind.allCases)
    }
}

/// A store's middleware with the mask of the event kinds it observes.
@usableFromInline
struct MiddlewareEntry<F: Feature>: Sendable {
    @usableFromInline let middleware: any Middleware<F>
    @usableFromInline let mask: UInt8

    init(_ middleware: any Middleware<F>) {
        self.middleware = middleware
        self.mask = StoreEvent<F>.Kind.mask(of: middleware.observedEventKinds)
    }
}

/// Middleware made from a closure.
///
/// ```swift
/// let analytics = AnyMiddleware<Counter> { event, context in
///     if case .intent(.increment) = event { tracker.track("increment") }
/// }
/// ```
public struct AnyMiddleware<Target: Feature>: Middleware {
    @usableFromInline let body: @Sendable (StoreEvent<Target>, MiddlewareContext<Target>) -> Void
    /// The kinds of event `body` is called for.
    public let observedEventKinds: Set<StoreEvent<Target>.Kind>

    /// Creates middleware that calls `body` for every event, or only for events of `kinds`.
    public init(
        observing kinds: Set<StoreEvent<Target>.Kind> = Set(StoreEvent<Target>.Kind.allCases),
        _ body: @escaping @Sendable (StoreEvent<Target>, MiddlewareContext<Target>) -> Void
    ) {
        self.observedEventKinds = kinds
        self.body = body
    }

    /// Calls the closure.
    @inlinable
    public func handle(_ event: StoreEvent<Target>, _ context: MiddlewareContext<Target>) {
        body(event, context)
    }
}

/// What middleware can see of the store while it handles an event.
///
/// Valid only during the call: read what you need, do not keep it. To keep a handle on the
/// store, keep ``hooks`` (it holds the store weakly).
public struct MiddlewareContext<F: Feature> {
    @usableFromInline let core: StoreCore<F>

    @inlinable init(core: StoreCore<F>) {
        self.core = core
    }

    /// The name of the store.
    @inlinable public var storeName: String { core.name }

    /// The store's current state, after the event.
    @inlinable public var state: F.State { core.drainerState }

    /// Whether the event happens while the store runs ``Feature/execute(_:_:)`` or
    /// ``Feature/bootstrap(_:)``: `true` for the messages, states and side effects an intent
    /// produces synchronously, `false` for input from async work and for the
    /// ``StoreEvent/intent(_:)`` event itself. The test store uses it to tell what `send`
    /// did from what async work did later.
    @inlinable public var isExecuting: Bool { core.drainer.isExecuting }

    /// Sends an intent to the store; it is processed after the current one.
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// The store's debugging hooks (time travel uses them), holding the store weakly.
    public var hooks: StoreHooks<F> { StoreHooks(core: core) }
}

@available(*, unavailable, message: "A middleware context is valid only during the call")
extension MiddlewareContext: Sendable {}

/// A store's middleware and recorder, kept together so that a store without middleware
/// pays one pointer for both.
@usableFromInline
final class Pipeline<F: Feature>: Sendable {
    /// The bit of ``StoreCore/middlewareInterest`` that says a recorder is attached.
    @inlinable static var recordingBit: UInt16 { 1 << 8 }

    /// The bits of the event kinds that happen on the send path: intent, message, state,
    /// side effect, failure. Middleware observing any of them makes each step take the
    /// observed path (which also keeps ``MiddlewareContext/isExecuting``); middleware that
    /// sees only a store's creation, start and end does not.
    @inlinable static var stepBits: UInt16 {
        UInt16(StoreEvent<F>.Kind.intent.bit | StoreEvent<F>.Kind.message.bit
            | StoreEvent<F>.Kind.state.bit | StoreEvent<F>.Kind.sideEffect.bit
            | StoreEvent<F>.Kind.failure.bit)
    }

    @usableFromInline let entries: [MiddlewareEntry<F>]
    /// The first recorder among the middleware that no other live store had claimed.
    @usableFromInline let recorder: StoreRecorder<F>?
    /// The same, for the send path to use without reference counting.
    @usableFromInline let unmanagedRecorder: Unmanaged<StoreRecorder<F>>?
    /// The kinds of event some middleware observes, and the recording bit.
    let interest: UInt16

    init(_ middleware: [any Middleware<F>]) {
        entries = middleware.map(MiddlewareEntry.init)
        recorder = middleware.lazy
            .compactMap { ($0 as? any RecordingMiddleware)?.recorder(for: F.self) }
            .first { $0.claim() }
        unmanagedRecorder = recorder.map { Unmanaged.passUnretained($0) }
        interest = entries.reduce(recorder == nil ? 0 : Self.recordingBit) { $0 | UInt16($1.mask) }
    }
}
