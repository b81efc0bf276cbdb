/// A feature whose intents are its messages: each intent is reduced as it comes, and only
/// intents that need more (async work, side effects) get a line of code.
///
/// Most of a screen's intents are one-line relays (`case .toggle(let id): dispatch(.toggled(id))`).
/// Here they cost nothing: `execute(_:_:)` reduces the intent, then
/// calls ``work(for:_:)`` for the rest. `reduce` stays pure and every message still goes
/// through the pipeline, so the test store stays exhaustive.
///
/// ```swift
/// struct Counter: ReducingFeature {
///     struct State: Equatable, Sendable { var count = 0 }
///     enum Intent: Sendable { case increment, decrement }
///     typealias Message = Intent
///
///     static func reduce(_ state: inout State, _ message: Message) {
///         switch message {
///         case .increment: state.count += 1
///         case .decrement: state.count -= 1
///         }
///     }
/// }
/// ```
///
/// A parent can be one too: each child is then one case of `Intent`, carrying a
/// ``ChildInput`` (`case detail(Int, ChildInput<Detail>)`), declared with `child(_:in:as:)`
/// and its siblings; with ``RoutesToChildren`` the default `execute` runs a child's intents
/// with the child's own `execute` and reduces the rest, so the parent writes `reduce` alone.
///
/// Features that do not adopt it pay nothing: it is a protocol of its own, with its own
/// default `execute`.
public protocol ReducingFeature: Feature where Message == Intent {
    /// What an intent does beyond its reduction, which has already happened: start async
    /// work, post a side effect, send another intent. The default does nothing.
    func work(for intent: Intent, _ context: StoreContext<Self>)
}

extension ReducingFeature {
    /// Nothing beyond the reduction.
    @inlinable
    public func work(for intent: Intent, _ context: StoreContext<Self>) {}

    /// Reduces the intent as a message, then runs ``work(for:_:)``.
    @inlinable
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        context.dispatch(intent)
        work(for: intent, context)
    }
}

extension ReducingFeature where Self: RoutesToChildren {
    /// Runs an intent for a child with the child's own `execute` (one of the
    /// ``RoutesToChildren/childScopes`` carries it, see ``ChildInput``); reduces any other,
    /// then runs ``work(for:_:)``.
    @inlinable
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        if context.forwardToChildren(intent) { return }
        context.dispatch(intent)
        work(for: intent, context)
    }
}
