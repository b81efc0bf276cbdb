/// The definition of one screen or component: its types, a pure reducer, and an executor.
///
/// A feature is the MVIKotlin and Playtomic shape of MVI:
///
/// - An ``Intent`` comes in (a user tap, a lifecycle event).
/// - ``execute(_:_:)`` turns it into zero or more ``Message``s, side effects and async work.
///   It runs synchronously on the send path, so an intent that only dispatches a message
///   costs a function call: no task, no allocation.
/// - ``reduce(_:_:)`` applies each message to the ``State`` in place. It is pure and static,
///   so it cannot reach dependencies by accident.
///
/// Services (a client, a clock) are reached with `@Dependency` (`MVIDependencies`), which a
/// child inherits from its parent and a test overrides; stored properties of the feature are
/// for plain configuration values.
///
/// The same feature runs on a store of its own and inside a parent, as a child declared with
/// `child(_:_:…)` and listed in ``childScopes``: its `execute` meets one ``StoreContext`` and
/// its async work one ``WorkContext`` either way.
///
/// ```swift
/// struct Counter: Feature {
///     struct State: Equatable, Sendable { var count = 0 }
///     enum Intent: Sendable { case increment }
///     enum Message: Sendable { case changed(by: Int) }
///     typealias SideEffect = Never
///
///     static func reduce(_ state: inout State, _ message: Message) {
///         switch message { case .changed(let by): state.count += by }
///     }
///
///     func execute(_ intent: Intent, _ context: StoreContext<Self>) {
///         switch intent { case .increment: context.dispatch(.changed(by: 1)) }
///     }
/// }
/// ```
public protocol Feature: Sendable {
    /// The single source of truth of the feature, observed by views.
    associatedtype State: Sendable
    /// What comes in: user interactions and other events that ask the feature to act.
    associatedtype Intent: Sendable
    /// What changes the state: the result of handling an intent, applied by ``reduce(_:_:)``.
    associatedtype Message: Sendable
    /// What goes out once: navigation, alerts, toasts. Use `Never` when there are none.
    associatedtype SideEffect: Sendable = Never

    /// Applies one message to the state, in place. Must be pure: no side effects, no I/O.
    static func reduce(_ state: inout State, _ message: Message)

    /// Handles one intent, synchronously, on the thread that processes the store's input,
    /// whether the feature runs on its own store or as a child of another feature.
    ///
    /// Read ``StoreContext/state``, dispatch messages, post side effects, send more intents
    /// or start async work with ``StoreContext/run(id:cancelInFlight:priority:_:)``.
    /// Do not block here: anything slow belongs in `run`.
    func execute(_ intent: Intent, _ context: StoreContext<Self>)

    /// Runs once when the store starts (MVIKotlin's Bootstrapper, Orbit's `onCreate`).
    ///
    /// The default does nothing.
    func bootstrap(_ context: StoreContext<Self>)

    /// Elements of a collection in the state that other places of the state hold copies of,
    /// kept the same everywhere after every reduce (see ``SharedElements``). None by default.
    static var sharedElements: [SharedElements<State>] { get }
    /// The feature's children, each declared once with `child(_:_:…)`: the store hands each
    /// intent that carries a child's to the child's `execute`, and each message that carries a
    /// child's to the child's reducer; then the feature's own `execute` and ``reduce(_:_:)``
    /// see it, to react (push a screen, keep a selection) or pass (`case .rows: break`), as
    /// TCA's parent reducers see their children's actions. None by default.
    ///
    /// Declare it with `static let`: the store reads it for each intent and message.
    static var childScopes: [any ChildScopeRoute<Self>] { get }
}

extension Feature {
    /// Does nothing: most features need no bootstrap.
    @inlinable
    public func bootstrap(_ context: StoreContext<Self>) {}

    /// None: most features hold no copies.
    @inlinable
    public static var sharedElements: [SharedElements<State>] { [] }

    /// The type of ``childScopes``: `static let childScopes: ChildScopes = [rows, editor]`.
    public typealias ChildScopes = [any ChildScopeRoute<Self>]
    /// None: most features have no children.
    @inlinable
    public static var childScopes: [any ChildScopeRoute<Self>] { [] }
    /// Reduces `message` (with a child's reducer when one of ``childScopes`` carries it), then
    /// keeps the feature's ``sharedElements`` the same in every place: what stores, child
    /// scopes and replays call, so that a copy never drifts from its element.
    @inlinable
    package static func reduceKeepingSharedElements(_ state: inout State, _ message: Message) {
        reduceKeepingSharedElements(&state, message, routing: true)
    }
    /// ``reduceKeepingSharedElements(_:_:)``, routing to ``childScopes`` only when `routing`:
    /// a store learns once whether its feature has children and passes `false` when it has
    /// none, so that a plain send does not read the list (budgets.tsv: send-1sub).
    @inlinable @inline(__always)
    static func reduceKeepingSharedElements(_ state: inout State, _ message: Message, routing: Bool) {
        let shared = sharedElements
        guard !shared.isEmpty else {
            return routing ? reduceRouting(&state, message) : reduce(&state, message)
        }
        keeping(shared[...], &state) { routing ? reduceRouting(&$0, message) : reduce(&$0, message) }
    }

    /// Runs `body` on `state`, then keeps the feature's ``sharedElements`` the same in every
    /// place: what a store calls after a change from another store.
    @inlinable
    static func keepingSharedElements(_ state: inout State, _ body: (inout State) -> Void) {
        let shared = sharedElements
        guard !shared.isEmpty else { return body(&state) }
        keeping(shared[...], &state, body)
    }

    /// Runs `body` on `state`, then keeps the feature's ``sharedElements`` the same in every
    /// place: the test store runs a test's expected-state closures through it, so that an
    /// assertion that changes a copy changes its element too.
    package static func keepingSharedElements(_ state: inout State, _ body: (inout State) throws -> Void) throws {
        let shared = sharedElements
        guard !shared.isEmpty else { return try body(&state) }
        try keepingThrowing(shared[...], &state, body)
    }

    /// Nests the rules: the first one's keeping runs last, around the others'.
    @inlinable
    static func keeping(
        _ shared: ArraySlice<SharedElements<State>>, _ state: inout State, _ body: (inout State) -> Void
    ) {
        guard let first = shared.first else { return body(&state) }
        first.keep(&state) { state in keeping(shared.dropFirst(), &state, body) }
    }

    /// ``keeping(_:_:_:)`` around a closure that may throw.
    @inlinable
    static func keepingThrowing(
        _ shared: ArraySlice<SharedElements<State>>, _ state: inout State, _ body: (inout State) throws -> Void
    ) throws {
        guard let first = shared.first else { return try body(&state) }
        try first.keep(&state) { (state: inout State) throws in try keepingThrowing(shared.dropFirst(), &state, body) }
    }
}
