/// A feature that can run on its own store or inside a parent feature, as a child.
///
/// Write `execute` against ``FeatureContext`` instead of ``StoreContext``: the same code then
/// runs when the feature has a store of its own (the default `execute(_:_:)` below wraps the
/// store's context) and when a parent forwards an intent to it with
/// ``FeatureContext/forward(_:to:in:id:)``, where its messages, side effects and async work
/// are embedded into the parent's.
///
/// ```swift
/// struct Todo: ComposableFeature {
///     struct State: Equatable, Sendable { var title = ""; var isDone = false }
///     enum Intent: Sendable { case toggle }
///     enum Message: Sendable { case toggled }
///
///     static func reduce(_ state: inout State, _ message: Message) { state.isDone.toggle() }
///
///     func execute(_ intent: Intent, _ context: FeatureContext<Self>) {
///         context.dispatch(.toggled)
///     }
/// }
/// ```
///
/// A child's ``Feature/bootstrap(_:)`` does not run inside a parent: the parent starts what
/// the child needs by forwarding it an intent.
public protocol ComposableFeature: Feature {
    /// Handles one intent, synchronously, whether the feature runs on its own store or as a
    /// child of another feature. See ``Feature/execute(_:_:)``.
    func execute(_ intent: Intent, _ context: FeatureContext<Self>)
}

extension ComposableFeature {
    /// Runs the feature's `execute(_:_:)` on its own store.
    @inlinable
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        execute(intent, FeatureContext(context))
    }
}
