/// The single source of truth of a feature: intents in, states and side effects out.
///
/// ```swift
/// let store = Store(Counter(), initialState: .init())
/// store.send(.increment)          // from any thread; never blocks, never suspends
/// store.state.count               // read synchronously, anywhere
/// for await state in store.states { render(state) }
/// ```
///
/// - `send` may be called from any thread or actor. Intents are processed one at a time, in
///   order; an intent whose handling is synchronous has been reduced and published by the
///   time `send` returns to a caller that is the only sender. A send made while the store is
///   busy (from another thread, or re-entrantly from an observer) is queued and processed by
///   the thread that is already draining the store.
/// - Observers are called on the thread that processes the store's work, in the order the
///   states were made. Hop to the main actor yourself, or use ``ObservableStore``.
/// - Async work started with `run` is owned by the store: cancelling or releasing the store
///   cancels it.
public final class Store<F: Feature>: Sendable {
    @usableFromInline package let core: StoreCore<F>

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - feature: The feature: reducer, executor and its dependencies.
    ///   - initialState: The state to start from.
    ///   - name: The store's name in logs, time travel and errors. Defaults to the feature's
    ///     type name.
    ///   - middleware: Observers of every event, in this order.
    ///   - sideEffects: How side effects are delivered; see ``SideEffectPolicy``.
    ///   - onError: Receives failures of async work and add-ons. Defaults to standard error.
    ///   - start: Run the bootstrap and accept input now. Pass `false` to wire things up first
    ///     (restore a state, attach a binder), then call ``start()``; input sent before
    ///     that waits.
    @inlinable public init(
        _ feature: F,
        initialState: F.State,
        name: String? = nil,
        middleware: [any Middleware<F>] = [],
        sideEffects: SideEffectPolicy = .default,
        onError: StoreErrorHandler = .standardError,
        start: Bool = true
    ) {
        core = StoreCore(
            feature: feature,
            initialState: initialState,
            name: name,
            middleware: middleware,
            sideEffects: sideEffects,
            errorHandler: onError)
        // Nobody else can reach the store yet, so the drain claim is not needed here.
        if core.wants(.created) { core.emit(.created) }
        if start { core.start() }
    }

    deinit {
        core.cancel()
    }

    /// The store's name, as given or derived from the feature's type.
    public var name: String { core.name }

    /// The current state. Safe from any thread.
    @inlinable public var state: F.State { core.state }

    /// Sends an intent. Never blocks and never suspends the caller.
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// Runs the bootstrap and lets input through, if the store was created with
    /// `start: false`. Calling it again does nothing.
    public func start() {
        core.start()
    }

    /// Ends the store: running work is cancelled, input that has not run is dropped, state
    /// and side-effect streams finish, and middleware sees ``StoreEvent/cancelled``.
    /// Releasing the store does the same.
    public func cancel() {
        core.cancel()
    }

    /// Whether the store has been cancelled.
    public var isCancelled: Bool { core.isCancelled }

    /// How many async tasks the store owns right now.
    public var runningTaskCount: Int { core.runningTaskCount }

    /// How many inputs wait to be processed: intents, and messages and side effects of async
    /// work, queued behind the one being processed or held (before start, or by time
    /// travel).
    ///
    /// A producer that sends faster than the store processes sees this grow; it can slow
    /// down, or wait with ``waitForIdle()``. `send` itself never waits for the queue.
    public var pendingInputCount: Int { core.pendingInputCount }

    /// Waits until the store has processed every queued input and owns no running async
    /// work (work started meanwhile included). Input held by time travel or before start is
    /// not waited for.
    public func waitForIdle() async {
        await core.waitForTasks()
    }

    /// Hooks for debugging tools such as time travel: hold input, show a recorded state.
    public var hooks: StoreHooks<F> { StoreHooks(core: core) }
}
