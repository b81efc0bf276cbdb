/// What a store runs its feature's code inside: the hook a dependency system uses to give a
/// store's features their dependencies.
///
/// A store made with an environment (`Store(…, environment:)`) evaluates its initial state,
/// runs its feature's `bootstrap` and every `execute` (of the feature and of its children)
/// inside ``withEnvironment(_:)``. Async work started there is made in that call too, so
/// work that binds values the way task-local values are bound sees the values of the intent
/// that started it, for as long as it runs.
///
/// `MVIDependencies` provides one for swift-dependencies
/// (`environment: .dependencies { $0.uuid = .incrementing }`). A store without an environment
/// pays nothing for the hook: its `execute` tests the same bit it tests for middleware.
///
/// Reducers are not run inside it: a reducer is a pure function of the state and the
/// message, and what it needs (a new id, a date) arrives in the message.
public protocol ExecutionEnvironment: Sendable {
    /// Runs `body` with the environment's values in effect, and returns what it returns.
    func withEnvironment<Result>(_ body: () throws -> Result) rethrows -> Result
}
