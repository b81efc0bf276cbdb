#if Dependencies
import Dependencies
import MVI
import MVITimeTravel

/// A store's dependencies: swift-dependencies' `DependencyValues`, bound while the store runs
/// its feature's code.
///
/// Give one to a store or a test store with ``MVI/ExecutionEnvironment/dependencies(_:)``:
///
/// ```swift
/// let store = Store(SyncUpsList(), initialState: .init(), environment: .dependencies())
/// let test = TestStore(SyncUpsList(), initialState: .init(), environment: .dependencies {
///     $0.uuid = .incrementing
/// })
/// ```
///
/// Inside the store, `@Dependency` reads these values in `execute`, `bootstrap`, the async
/// work they start (for as long as it runs, after any `await`) and the initializer of the
/// initial state; children composed into the feature read them too, since they run in the
/// same store. Reducers read none: what a reducer needs arrives in the message.
public struct DependenciesEnvironment: ExecutionEnvironment {
    /// The values the store's features read.
    let values: DependencyValues

    /// The store's record of dependency calls, once a store was made with this environment.
    let calls: RecordedCalls?

    /// An environment with exactly these values, as ``MVI/ExecutionEnvironment/dependencies(_:)``
    /// makes it once `withDependencies` checked them.
    init(values: DependencyValues) {
        self.values = values
        self.calls = nil
    }

    private init(values: DependencyValues, calls: RecordedCalls) {
        self.values = values
        self.calls = calls
    }

    /// Runs `body` with the environment's values as the current dependencies.
    public func withEnvironment<Result>(_ body: () throws -> Result) rethrows -> Result {
        // What `withDependencies` binds, without its per-call bookkeeping (a debug flag, and
        // remembering class results for `withDependencies(from:)`), which a store's calls need
        // none of: the values were checked when they were made.
        // The store's record of calls only while it matters (a recording or a replay): binding
        // it costs a second task-local value (budgets.tsv: send-1replayable-recorded).
        if let calls, calls.isActive { return try bindingCalls(calls, body) }
        return try DependencyValues.$_current.withValue(values, operation: body)
    }

    /// ``withEnvironment(_:)`` with the store's record of calls bound too. Out of line.
    @inline(never)
    private func bindingCalls<Result>(_ calls: RecordedCalls, _ body: () throws -> Result) rethrows -> Result {
        try RecordedCallsKey.$current.withValue(calls) {
            try DependencyValues.$_current.withValue(values, operation: body)
        }
    }

}

extension DependenciesEnvironment: CallRecordingEnvironment {
    /// This environment with the store's record of calls among its values: the store's
    /// `replayable` endpoints record their results into it while time travel records the
    /// store, and answer from it in a replay.
    package func environment(recordingCallsInto calls: RecordedCalls) -> any ExecutionEnvironment {
        DependenciesEnvironment(values: values, calls: calls)
    }

    /// The store's record of calls, once time travel bound one.
    package var recordedCalls: RecordedCalls? { calls }
}

extension ExecutionEnvironment where Self == DependenciesEnvironment {
    /// The dependencies in effect where this is called, changed by `update`: the environment
    /// of a store whose features use swift-dependencies.
    ///
    /// In an app the current values are the live ones, so `.dependencies()` gives a store the
    /// live values, and a store made inside `withDependencies { … } operation: { … }` gets
    /// that call's overrides: one override for a whole app. In a test the current values are
    /// the test values, whose defaults fail the test when used, naming the dependency: a
    /// test overrides what its feature uses.
    ///
    /// ```swift
    /// TestStore(RecordMeeting(), initialState: .init(syncUp: .mock), environment: .dependencies {
    ///     $0.continuousClock = clock
    ///     $0.uuid = .incrementing
    /// })
    /// ```
    public static func dependencies(
        _ update: (inout DependencyValues) -> Void = { _ in }
    ) -> DependenciesEnvironment {
        // Through `withDependencies`, so that the update is checked as swift-dependencies
        // checks any other (in debug builds, a dependency read while being set is reported).
        DependenciesEnvironment(values: withDependencies(update) { DependencyValues._current })
    }
}
#endif
