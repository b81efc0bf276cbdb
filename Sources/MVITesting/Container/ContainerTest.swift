import CustomDump
import IssueReporting
import MVI

/// Orbit's test DSL for closure-intent containers: a given initial state, the intent under
/// test, then the ordered states (as mutations of the previous one) and side effects.
///
/// ```swift
/// let presenter = CirclePresenter(repository: FakeRepository())
/// let test = presenter.test(initialState)
///
/// await test.testIntent { $0.onDeleteCircleConfirmed() }
///
/// await test.assert(initialState) {
///     states({ $0.committingChanges = true })
///     postedSideEffects(.openAggregatedFeed)
/// }
/// ```
///
/// It records every state the container emits after the test starts, every side effect it
/// posts and every error its async work throws. ``assert(_:isolation:fileID:filePath:line:column:_:)``
/// is exhaustive: a state, side effect or thrown error the assertion does not list fails the
/// test (with a diff, or with the error), and so does one recorded but never asserted when
/// the test ends. As in Orbit, an intent that throws fails the test unless the test expects
/// the error, with ``thrownErrors(_:)-4n6b3``.
public final class ContainerTest<Subject: Sendable, State: Sendable & Equatable, SideEffect: Sendable & Equatable>:
    Sendable
{
    /// The host (presenter, view model) or container under test.
    package let subject: Subject
    /// The container that `subject` drives.
    package let container: Container<State, SideEffect>

    private let recording: Locked<Recording>
    private let subscriptions: [Subscription]
    private let failureWatch: (support: StoreTestSupport, id: Int)
    private let timeout: Duration
    private let fileID: StaticString
    private let filePath: StaticString
    private let line: UInt
    private let column: UInt

    private struct Recording {
        /// The first state observer is the state the test starts from, not a change.
        var hasSkippedInitialState = false
        /// Side effects that waited for an observer before the test started are not its own.
        var isArmed = false
        var states: [State] = []
        var sideEffects: [SideEffect] = []
        /// Failures the container reported: errors thrown by its async work, mostly.
        var failures: [StoreError] = []
    }

    /// Starts a test of `subject`, whose container is set to `initialState` first.
    ///
    /// Prefer ``MVI/ContainerHost/test(_:timeout:fileID:filePath:line:column:)`` and
    /// ``MVI/Store/test(_:timeout:fileID:filePath:line:column:)``, which read like Orbit.
    ///
    /// - Parameters:
    ///   - subject: The host or container the test drives.
    ///   - container: Its container.
    ///   - initialState: The state the test starts from.
    ///   - timeout: How long ``testIntent(timeout:isolation:fileID:filePath:line:column:_:)`` waits for the
    ///     intent's async work before it fails.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    init(
        _ subject: Subject,
        container: Container<State, SideEffect>,
        initialState: State,
        timeout: Duration = .seconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.subject = subject
        self.container = container
        self.timeout = timeout
        (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
        let recording = Locked(Recording())
        self.recording = recording
        // The store processes these in order: the state is replaced, the state observer
        // starts (its first call is the initial state), the side-effect observer takes what
        // waited before the test, and the last observer arms the side-effect recording.
        container.hooks.show(initialState)
        let states = container.subscribe { state in
            recording.withLock { recording in
                if recording.hasSkippedInitialState {
                    recording.states.append(state)
                } else {
                    recording.hasSkippedInitialState = true
                }
            }
        }
        let sideEffects = container.onSideEffect { sideEffect in
            recording.withLock { recording in
                if recording.isArmed { recording.sideEffects.append(sideEffect) }
            }
        }
        let armer = container.subscribe { _ in
            recording.withLock { $0.isArmed = true }
        }
        armer.cancel()
        subscriptions = [states, sideEffects]
        // The container was made by the code under test, with its own error handler; the
        // test watches its failures beside it.
        let support = container.attachTestSupport(StoreTestSupport())
        failureWatch = (
            support,
            support.observeFailures { error in
                recording.withLock { $0.failures.append(error) }
            }
        )
    }

    deinit {
        failureWatch.support.stopObservingFailures(failureWatch.id)
        let (states, sideEffects, failures) = recording.withLock { ($0.states, $0.sideEffects, $0.failures) }
        if !states.isEmpty || !sideEffects.isEmpty {
            reportIssue(
                """
                The test ended with \(FailureText.count(states.count, "state")) and \
                \(FailureText.count(sideEffects.count, "side effect")) not asserted:

                \(FailureText.list(states.map { $0 as Any } + sideEffects.map { $0 as Any }))

                Check them with assert(_:) { states(…); postedSideEffects(…) }.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if !failures.isEmpty {
            reportIssue(
                """
                The test ended with \(FailureText.count(failures.count, "thrown error")) not asserted:

                \(Self.list(failures))

                Expect each with thrownErrors(…) in assert(_:), in order.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        for subscription in subscriptions { subscription.cancel() }
    }

    private static func list(_ failures: [StoreError]) -> String {
        failures.map { "  • \($0)" }.joined(separator: "\n")
    }

    /// Runs an intent of the subject and waits until it and the async work it started end
    /// (Orbit's `testIntent { }`).
    ///
    /// ```swift
    /// await test.testIntent { $0.onDeleteCircleConfirmed() }
    /// ```
    ///
    /// Fails, rather than hangs, if the work is still running after the timeout. Like every
    /// method here, it runs on the caller's actor (`isolation`), so a `@MainActor` test
    /// passes closures that capture its local variables.
    public func testIntent(
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ intent: (Subject) -> Void
    ) async {
        intent(subject)
        await container.barrier()
        let timeout = timeout ?? self.timeout
        let outcome = await container.waitForIdle(timeout: timeout)
        if outcome != .idle {
            reportIssue(
                """
                The intent's async work did not finish within \(FailureText.describe(timeout)): \
                \(outcome.runningDescription).
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        await container.barrier()
    }

    /// Asserts the states the container emitted and the side effects it posted since the test
    /// started (or since the previous `assert`), in order.
    ///
    /// ```swift
    /// await test.assert(initialState) {
    ///     states(
    ///         { $0.committingChanges = true },
    ///         { $0.committingChanges = false }
    ///     )
    ///     postedSideEffects(.showError)
    /// }
    /// ```
    ///
    /// Each `states` closure mutates the previous expected state, starting from
    /// `initialState`. Exhaustive: the emitted states must be exactly those, the posted side
    /// effects exactly those listed, and the errors the intents' async work threw exactly
    /// those `thrownErrors` lists; an assertion without `postedSideEffects` or `thrownErrors`
    /// expects none. A mismatch fails the test with a diff, or with the errors thrown.
    public func assert(
        _ initialState: State,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        @ContainerExpectationBuilder<State, SideEffect> _ expectations: () -> [ContainerExpectation<State, SideEffect>]
    ) async {
        await container.barrier()
        let (actualStates, actualSideEffects, failures) = recording.withLock { recording in
            defer {
                recording.states.removeAll()
                recording.sideEffects.removeAll()
                recording.failures.removeAll()
            }
            return (recording.states, recording.sideEffects, recording.failures)
        }
        var expectedStates: [State] = []
        var expectedSideEffects: [SideEffect] = []
        var expectedErrors: [(any Error) -> Bool] = []
        var state = initialState
        for expectation in expectations() {
            switch expectation.kind {
            case .states(let changes):
                for change in changes {
                    change(&state)
                    expectedStates.append(state)
                }
            case .sideEffects(let sideEffects):
                expectedSideEffects += sideEffects
            case .errors(let matches):
                expectedErrors += matches
            }
        }
        if expectedStates != actualStates {
            reportIssue(
                FailureText.difference(
                    "The emitted states do not match", expected: expectedStates, actual: actualStates),
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if expectedSideEffects != actualSideEffects {
            reportIssue(
                FailureText.difference(
                    "The posted side effects do not match", expected: expectedSideEffects, actual: actualSideEffects),
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        let errorsMatch =
            expectedErrors.count == failures.count
            && zip(expectedErrors, failures).allSatisfy { matches, failure in matches(failure.underlying) }
        if !errorsMatch {
            let thrown = failures.isEmpty ? "none" : "\(failures.count):\n\n\(Self.list(failures))"
            reportIssue(
                """
                The thrown errors do not match: expected \(expectedErrors.count), the intent threw \(thrown)

                Expect each with thrownErrors(…) in assert(_:), in order.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
