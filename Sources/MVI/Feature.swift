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
/// Dependencies are plain stored properties of the feature: a test swaps them by
/// constructing the feature with fakes.
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

    /// Handles one intent, synchronously, on the thread that processes the store's input.
    ///
    /// Read ``StoreContext/state``, dispatch messages, post side effects, send more intents
    /// or start async work with ``StoreContext/run(id:cancelInFlight:priority:_:)``.
    /// Do not block here: anything slow belongs in `run`.
    func execute(_ intent: Intent, _ context: StoreContext<Self>)

    /// Runs once when the store starts (MVIKotlin's Bootstrapper, Orbit's `onCreate`).
    ///
    /// The default does nothing.
    func bootstrap(_ context: StoreContext<Self>)
}

extension Feature {
    /// Does nothing: most features need no bootstrap.
    @inlinable
    public func bootstrap(_ context: StoreContext<Self>) {}
}
