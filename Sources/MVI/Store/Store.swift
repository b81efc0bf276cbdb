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
    ///   - initialState: The state to start from, evaluated once, inside `environment` if there
    ///     is one (so its initializer may read dependencies). If it throws, so does this.
    ///   - name: The store's name in logs, time travel and errors. Defaults to the feature's
    ///     type name.
    ///   - middleware: Observers of every event, in this order.
    ///   - sideEffects: How side effects are delivered; see ``SideEffectPolicy``.
    ///   - pendingInputLimit: At most how many inputs may wait to be processed (see
    ///     ``pendingInputCount``) before senders outside the store are held back: at the
    ///     limit, ``send(_:)`` drops the intent and reports it (``InputOverflow``), and
    ///     ``sendWaitingForRoom(_:)`` suspends until there is room. `nil`, the default, sets
    ///     no limit: the queue grows as fast as senders outrun the store. Clamped to at
    ///     least 1. See "Backpressure" in the Threading and ordering article.
    ///   - onError: Receives failures of async work and add-ons. Defaults to standard error.
    ///   - environment: What the feature's code runs inside: the initial state's evaluation,
    ///     `bootstrap`, every `execute` and the async work they start see its values
    ///     (`.dependencies { … }` from `MVIDependencies`). `nil`, the default, adds nothing.
    ///   - sharing: Parts of the state bound to ``Shared`` values: each starts as its value,
    ///     writes it when the reducer changes it, and changes when another store or thread
    ///     writes it (see ``Shared``). Empty, the default, adds nothing.
    ///   - start: Run the bootstrap and accept input now. Pass `false` to wire things up first
    ///     (restore a state, attach a binder), then call ``start()``; input sent before
    ///     that waits.
    @inlinable public init(
        _ feature: F,
        initialState: @autoclosure () throws -> F.State,
        name: String? = nil,
        middleware: [any Middleware<F>] = [],
        sideEffects: SideEffectPolicy = .default,
        pendingInputLimit: Int? = nil,
        onError: StoreErrorHandler = .standardError,
        environment: (any ExecutionEnvironment)? = nil,
        sharing: [StateSharing<F.State>] = [],
        start: Bool = true
    ) rethrows {
        if pendingInputLimit != nil || environment != nil || !sharing.isEmpty {
            core = StoreCore(
                feature: feature, initialState: try environment?.withEnvironment(initialState) ?? initialState(),
                name: name, middleware: middleware, sideEffects: sideEffects, errorHandler: onError,
                pendingInputLimit: pendingInputLimit, environment: environment, sharing: sharing)
            if !sharing.isEmpty { core.attachSharing() }
        } else {
            core = StoreCore(
                feature: feature, initialState: try initialState(), name: name, middleware: middleware,
                sideEffects: sideEffects, errorHandler: onError)
        }
        // Nobody else can reach the store yet, so the drain claim is not needed here.
        if core.wants(.created) { core.emit(.created) }
        if !F.childScopes.isEmpty { core.reportChildDeclarationProblems() }
        if start { core.start() }
    }

    /// A rerun's store (its environment answers dependency calls from an export), not
    /// started: call ``start()``. Its failures go nowhere: the rerun compares its events.
    package init(
        _ feature: F, initialState: F.State, name: String?, middleware: [any Middleware<F>],
        rerunIn environment: (any ExecutionEnvironment)?
    ) {
        core = StoreCore(
            feature: feature, initialState: initialState, name: name, middleware: middleware,
            sideEffects: .default, errorHandler: StoreErrorHandler { _ in }, pendingInputLimit: nil,
            environment: environment)
        if core.wants(.created) { core.emit(.created) }
    }

    deinit {
        core.cancel()
    }

    /// The store's name, as given or derived from the feature's type.
    public var name: String { core.name }

    /// The current state. Safe from any thread.
    @inlinable public var state: F.State { core.state }

    /// Sends an intent. Never blocks and never suspends the caller.
    ///
    /// In a store created with a ``pendingInputLimit``, an intent that finds that many inputs
    /// waiting is dropped (the newest is dropped, what waits is kept) and reported to the
    /// error handler as ``InputOverflow``, and counted in ``droppedInputCount``. Use
    /// ``sendWaitingForRoom(_:)`` to wait for room instead.
    ///
    /// - Parameters:
    ///   - intent: The intent.
    ///   - fileID: Where it is sent, shown in time travel's causal trace while it traces
    ///     causes (leave the default; a store without time travel never reads it).
    ///   - line: Where it is sent (leave the default).
    @inlinable public func send(_ intent: F.Intent, fileID: StaticString = #fileID, line: UInt = #line) {
        core.send(intent, cause: InputCause(fileID: fileID, line: line))
    }

    /// ``send(_:fileID:line:)`` as a function value (`dispatch: store.send`), which cannot
    /// carry a call site: its intents show none in a causal trace.
    @_disfavoredOverload
    @inlinable public func send(_ intent: F.Intent) {
        core.send(intent)
    }

    /// Sends an intent, suspending the calling task (never blocking its thread) while the
    /// store's ``pendingInputLimit`` is reached, until the store has taken enough input to
    /// make room for it.
    ///
    /// Waiting senders get room in the order they began to wait, and each intent takes its
    /// place in the queue when it gets room. Without a limit this is ``send(_:)``.
    ///
    /// - Returns: `true` once the intent was processed or queued. `false` if it never will
    ///   be: the store was cancelled (before or while the sender waited), or the calling task
    ///   was cancelled while it waited. Either way the intent was not sent and the sender is
    ///   resumed once, at once; nothing else is reported.
    @discardableResult
    public func sendWaitingForRoom(_ intent: F.Intent) async -> Bool {
        await core.sendWaitingForRoom(intent)
    }

    /// Sends an intent, and returns once the async work its `execute` started has ended:
    /// for pull-to-refresh, whose spinner stays until the reload is done.
    ///
    /// ```swift
    /// .refreshable { await store.sendAwaitingWork(.refresh) }
    /// ```
    ///
    /// The intent is queued and executed in order like any other. The work awaited is what
    /// its `execute` started with `run` (`debounce` and `throttle` included, and the work of
    /// children it forwarded to), not work started later by that work or by intents it sent.
    /// Work that ends by cancellation ends the wait too. Cancelling the waiting task cancels
    /// that work, as ``StoreContext/cancel(id:)`` would: what it sends afterwards is dropped.
    /// If the intent never executes (the store is cancelled, or a bounded store refuses it),
    /// this returns at once.
    ///
    /// - Parameter intent: The intent to send.
    public func sendAwaitingWork(_ intent: F.Intent) async {
        await core.sendAwaitingWork(intent)
    }

    /// The limit on inputs waiting to be processed given at creation, or `nil` (unbounded).
    public var pendingInputLimit: Int? { core.settings?.pendingInputLimit }

    /// How many intents ``send(_:)`` dropped because the store's ``pendingInputLimit`` was
    /// reached (each one also reported as ``InputOverflow``). Always 0 without a limit.
    public var droppedInputCount: Int { core.refusedInputCount }

    /// How many ``sendWaitingForRoom(_:)`` calls are suspended right now, waiting for room
    /// under the store's ``pendingInputLimit``. Their intents are not counted in
    /// ``pendingInputCount`` until they get room.
    public var waitingSenderCount: Int { core.roomWaiterCount }

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
    /// down, or wait with ``waitForIdle()``. `send` itself never waits for the queue; a store
    /// created with a ``pendingInputLimit`` keeps it within that limit for senders outside
    /// the store (``sendWaitingForRoom(_:)``).
    public var pendingInputCount: Int { core.pendingInputCount }

    /// Waits until the store has processed every queued input and owns no running async
    /// work (work started meanwhile included). Input held by time travel or before start is
    /// not waited for.
    public func waitForIdle() async {
        await core.waitForTasks()
    }

    /// Hooks for debugging tools such as time travel: hold input, show a past state.
    package var hooks: StoreHooks<F> { StoreHooks(core: core) }
}
