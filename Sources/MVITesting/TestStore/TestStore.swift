import IssueReporting
import MVI

/// A store that a test drives step by step, asserting everything the feature does.
///
/// ```swift
/// @Test func loads() async {
///     let store = TestStore(Counter(numbers: .constant(42)), initialState: .init())
///     await store.send(.loadRandom) { $0.isLoading = true }
///     await store.receive(.changed(by: 42)) { $0.count = 42 }
///     await store.receive(.loading(false)) { $0.isLoading = false }
///     await store.finish()
/// }
/// ```
///
/// It runs the feature in a real `Store` and watches it through middleware, so what it
/// checks is exactly what an app gets. By default it is exhaustive (see ``Exhaustivity``):
///
/// - ``send(_:assert:isolation:fileID:filePath:line:column:)`` checks the state change the intent makes
///   synchronously; without a closure, that it makes none.
/// - `receive(_:)` waits for the next message
///   from async work and checks it and its state change; ``receive(sideEffect:timeout:isolation:fileID:filePath:line:column:)``
///   does the same for side effects, in the order they were posted.
/// - Anything left unasserted when the test sends the next intent, calls
///   ``finish(timeout:isolation:fileID:filePath:line:column:)`` or releases the store fails the test,
///   and so does async work still running at the end.
///
/// Failures show a diff of expected and actual values made with swift-custom-dump, and are
/// reported through IssueReporting: the module works under Swift Testing and XCTest alike,
/// and each failure points at the line of the assertion.
public final class TestStore<F: Feature>: Sendable where F.State: Equatable {
    /// The store under test. Read it freely; send through the test store so every change is
    /// checked.
    public let store: Store<F>

    let events: EventLog<F>
    /// Runs the store's async work, and tells when it is all suspended.
    let executor = WorkExecutor()
    let settings: Locked<Settings>
    let origin: SourceLocation
    /// The store's environment: assertion closures run inside it too, so an expected state
    /// built there reads the test's dependencies (`MVIDependencies`), as the feature did.
    let environment: (any ExecutionEnvironment)?

    struct Settings {
        var exhaustivity: Exhaustivity
        var timeout: Duration
        /// The state after the step the test asserted last, for ``assert(_:isolation:fileID:filePath:line:column:)``.
        var assertedState: F.State?
    }

    /// Where the test store was created: failures found when it is released point here.
    struct SourceLocation {
        let fileID: StaticString
        let filePath: StaticString
        let line: UInt
        let column: UInt
    }

    /// Creates a test store and starts the feature.
    ///
    /// Messages the feature's bootstrap dispatches are received input: assert them with
    /// `receive(_:)`.
    ///
    /// - Parameters:
    ///   - feature: The feature, with the dependencies the test wants (fakes, a `TestClock`).
    ///   - initialState: The state to start from, evaluated once, inside `environment` if there
    ///     is one. If it throws, so does this.
    ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
    ///   - timeout: How long `receive` and `finish` wait before they fail. Real time: keep
    ///     it generous; a passing test never waits for it.
    ///   - middleware: More middleware, after the test store's own (logging, for example).
    ///   - sideEffects: The side-effect policy of the store under test.
    ///   - environment: What the feature's code runs inside, as in `Store(…, environment:)`:
    ///     the dependencies the test gives (`.dependencies { $0.uuid = .incrementing }`, from
    ///     `MVIDependencies`). The initial state is evaluated inside it too.
    ///   - sharing: Parts of the state bound to `Shared` values, as in `Store(…, sharing:)`.
    ///     Give the test its own `Shared(…)` values (in memory): the test never touches a
    ///     user's files. A change another store or the test makes to them reaches this store
    ///     as an event; when exhaustive, assert the state it made with
    ///     ``assert(_:isolation:fileID:filePath:line:column:)`` before the next step.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public init(
        _ feature: F,
        initialState: @autoclosure () throws -> F.State,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(10),
        middleware: [any Middleware<F>] = [],
        sideEffects: SideEffectPolicy = .default,
        environment: (any ExecutionEnvironment)? = nil,
        sharing: [StateSharing<F.State>] = [],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) rethrows {
        let firstState = try environment?.withEnvironment(initialState) ?? initialState()
        let events = EventLog<F>(initialState: firstState)
        self.events = events
        self.origin = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.environment = environment
        // Failures of async work reach the event log; the test asserts them.
        self.settings = Locked(Settings(exhaustivity: exhaustivity, timeout: timeout, assertedState: firstState))
        let store = Store(
            feature, initialState: firstState, middleware: [events] + middleware,
            sideEffects: sideEffects, onError: StoreErrorHandler { _ in }, environment: environment, sharing: sharing,
            start: false)
        if !sharing.isEmpty {
            // The shared values win over the initial state: the test starts from what they made.
            let shared = store.state
            events.withLog { $0.state = shared }
            settings.withLock { $0.assertedState = shared }
        }
        // The executor is in place before the bootstrap can start work.
        _ = store.attachTestSupport(StoreTestSupport(taskExecutor: executor))
        executor.withoutWaiting { store.start() }
        self.store = store
    }

    /// Reports what the test left unasserted and the async work still running, without
    /// waiting: every step (`send`, `receive`, `finish`) returns only once the store's work is
    /// suspended or has ended, so a task still counted here is really still running.
    deinit {
        let exhaustivity = self.exhaustivity
        reportUnasserted("at the end of the test", exhaustivity, origin)
        let running = awaitedTaskCount
        if running > 0, exhaustivity == .on || exhaustivity.showsSkippedAssertions {
            let text = """
                \(FailureText.count(running, "task")) of async work still running at the end of \
                the test.

                Await store.finish() to let it end, cancel it with an intent, skip it with \
                store.skipInFlightWork(), or use exhaustivity .off.
                """
            if exhaustivity == .on {
                reportIssue(
                    text, fileID: origin.fileID, filePath: origin.filePath, line: origin.line, column: origin.column)
            } else {
                showSkipped(text, origin)
            }
        }
        // Cancelling resumes sleeping work from inside cancellation handlers: nothing waits.
        executor.close()
        store.cancel()
    }

    /// How strictly the store checks the feature; change it at any point of a test.
    ///
    /// Switching it back on forgets what was received while it was off and not asserted, so
    /// the exhaustive steps that follow start clean; what arrives later is asserted as usual.
    public var exhaustivity: Exhaustivity {
        get { settings.withLock { $0.exhaustivity } }
        set {
            let wasOff = settings.withLock { settings in
                defer { settings.exhaustivity = newValue }
                return settings.exhaustivity != .on
            }
            if wasOff, newValue == .on { _ = takeUnasserted() }
        }
    }

    /// How long `receive` and `finish` wait before they fail.
    public var timeout: Duration {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// The current state of the store under test.
    public var state: F.State { store.state }

    /// Whether the feature dismissed itself: it dispatched its `DismissibleMessage`'s
    /// `dismiss` (`context.dismiss()`), which, inside a parent, removes it from its place.
    /// A feature tested on its own store has no parent to remove it, so the test asserts its
    /// dismissal here, and a `send` after it fails, as the intent could never reach the
    /// feature in an app.
    ///
    /// ```swift
    /// await store.send(.saveTapped)
    /// #expect(store.isDismissed)
    /// ```
    public var isDismissed: Bool { events.withLog { $0.isDismissed } }

    /// How many of the store's tasks are running that the test has not skipped with
    /// ``skipInFlightWork()``.
    var awaitedTaskCount: Int {
        let skipped = events.withLog { $0.skippedWork.intersection($0.runningWork).count }
        return max(0, store.runningTaskCount - skipped)
    }
}
