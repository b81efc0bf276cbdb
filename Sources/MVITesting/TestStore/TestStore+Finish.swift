import IssueReporting
import MVI

extension TestStore {
    /// Waits for the store's async work to end, then checks nothing is left unasserted.
    ///
    /// ```swift
    /// await store.send(.load) { $0.isLoading = true }
    /// await store.receive(.loaded(42)) { $0.value = 42 }
    /// await store.finish()
    /// ```
    ///
    /// Fails, rather than hangs, if work is still running after the timeout (in either
    /// exhaustivity), and, when exhaustive, if messages, side effects or failures were not
    /// asserted. Work that never ends by itself (a timer, a subscription) must be cancelled
    /// by an intent before `finish`, or skipped with ``skipInFlightWork(isolation:)``.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; the store's ``timeout`` by default.
    ///   - isolation: The caller's actor; `finish` works from any.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func finish(
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let timeout = timeout ?? self.timeout
        if events.withLog({ $0.skippedWork.isEmpty }) {
            let outcome = await store.waitForIdle(timeout: timeout)
            if outcome != .idle {
                reportIssue(
                    """
                    Expected async work to finish within \(FailureText.describe(timeout)), but \
                    \(outcome.runningDescription).
                    """,
                    fileID: fileID, filePath: filePath, line: line, column: column)
            }
        } else if await !events.wait(timeout: timeout, until: { $0.awaitedWork.isEmpty }) {
            let running = awaitedTaskCount
            reportIssue(
                """
                Expected async work to finish within \(FailureText.describe(timeout)), but \
                \(FailureText.count(running, "task")) not skipped still running.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // Whatever the finished work dispatched last has been reduced once its task ended.
        await store.barrier(executor)
        reportUnasserted("at finish()", exhaustivity, location)
    }

    /// Forgets the messages, received intents, side effects and failures received so far
    /// without asserting them, for a test that does not care about them (TCA's
    /// `skipReceivedActions`).
    public func skipReceived(isolation: isolated (any Actor)? = #isolation) async {
        await store.barrier(executor)
        events.withLog { log in
            log.messages.removeAll()
            log.intents.removeAll()
            log.sideEffects.removeAll()
            log.failures.removeAll()
        }
    }

    /// Stops waiting for the async work running now (TCA's `skipInFlightEffects`): ``finish(timeout:isolation:fileID:filePath:line:column:)``
    /// no longer waits for it and the end of the test does not report it. The store cancels
    /// it when the test store is released.
    ///
    /// ```swift
    /// await store.send(.startTimer)
    /// await store.skipInFlightWork()   // the timer runs until the test ends
    /// ```
    ///
    /// Work started afterwards is awaited as usual.
    public func skipInFlightWork(isolation: isolated (any Actor)? = #isolation) async {
        await store.barrier(executor)
        events.withLog { $0.skippedWork.formUnion($0.runningWork) }
    }

    /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, then restores it (TCA's
    /// `withExhaustivity`).
    ///
    /// ```swift
    /// await store.withExhaustivity(.off) {
    ///     await store.send(.loadRandom)
    ///     await store.receive(.loading(false)) { $0.count = 42 }
    /// }
    /// await store.send(.increment) { $0.count = 43 }   // exhaustive again
    /// ```
    ///
    /// When the block is not exhaustive, whatever it received and did not assert is forgotten
    /// when it ends (shown as known issues if the exhaustivity says so), after the store's
    /// work has reached its next suspension point: the exhaustive steps after it start clean.
    public func withExhaustivity<R>(
        _ exhaustivity: Exhaustivity,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ body: () async throws -> R
    ) async rethrows -> R {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let previous = settings.withLock { settings in
            defer { settings.exhaustivity = exhaustivity }
            return settings.exhaustivity
        }
        defer { settings.withLock { $0.exhaustivity = previous } }
        let result = try await body()
        if exhaustivity != .on {
            await settle(after: "the block", location)
            await store.barrier(executor)
            reportUnasserted("at the end of the withExhaustivity block", exhaustivity, location)
            noteAsserted(store.state)
        }
        return result
    }
}
