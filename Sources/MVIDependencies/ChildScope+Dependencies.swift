#if Dependencies
import Dependencies
import MVI

extension ChildScope {
    /// This scope, with the child's `execute` and the async work it starts seeing `update`
    /// applied to the dependencies in effect around them (the store's): values for this child
    /// alone, as TCA's `.dependency(_:_:)` on a child reducer.
    ///
    /// ```swift
    /// static let greeter = child(Greeter(), .at(\.greeter), intent: Intent.greeter, message: Message.greeter)
    ///     .dependencies { $0.greeting = "bonjour" }
    /// ```
    public func dependencies(_ update: @escaping @Sendable (inout DependencyValues) -> Void) -> Self {
        environment(DependencyUpdate(update: update))
    }
}

/// Applies an update to the dependencies in effect when the child runs, so that the store's
/// values (its clock, its fakes) stay and only what the update sets changes.
struct DependencyUpdate: ExecutionEnvironment {
    let update: @Sendable (inout DependencyValues) -> Void

    func withEnvironment<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withDependencies(update, operation: body)
    }
}
#endif
