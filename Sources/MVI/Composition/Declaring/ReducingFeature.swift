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
/// ``ChildInput`` (`case detail(Int, ChildInput<Detail>)`), declared with
/// `child(_:_:input:sideEffects:)` and listed in ``Feature/childScopes``; the store runs a
/// child's intents with the child's own `execute` and reduces its messages with the child's
/// reducer, so the parent writes `reduce` for its own cases alone.
///
/// Why a protocol of its own rather than a default of ``Feature``, measured:
/// - It is shorter where it fits: SyncUps' form is 1,153 characters of feature code as a
///   `ReducingFeature` (TCA's is 1,153) and was 1,513 as a `Feature` whose `execute` relayed
///   each intent to a message of the same shape (`Examples/count-feature-size`). Six of the
///   seventeen features in Examples adopt it; the other eleven have messages that differ from
///   their intents.
/// - A parent's child intents are skipped by its default `execute` (the store has run them
///   with the child's own `execute` already), which a relay written by hand has to know.
/// - A default `execute` on every `Feature where Message == Intent` would put `work(for:)` on
///   every feature and let one that meant to write its own `execute`, and misspelt it, reduce
///   every intent silently. Adopting `ReducingFeature` says so.
///
/// SyncUps' app, list, detail and form features are written this way (the app has no `execute`).
public protocol ReducingFeature: Feature where Message == Intent {
    /// What an intent does beyond its reduction, which has already happened: start async
    /// work, post a side effect, send another intent. The default does nothing.
    func work(for intent: Intent, _ context: StoreContext<Self>)
}

extension ReducingFeature {
    /// Nothing beyond the reduction.
    @inlinable
    public func work(for intent: Intent, _ context: StoreContext<Self>) {}

    /// Reduces the intent as a message, then runs ``work(for:_:)``. A child's intent, which
    /// the store has already run with the child's `execute`, is not reduced: `work(for:_:)`
    /// alone sees it.
    @inlinable
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        if !Self.isChildIntent(intent) { context.dispatch(intent) }
        work(for: intent, context)
    }
}
