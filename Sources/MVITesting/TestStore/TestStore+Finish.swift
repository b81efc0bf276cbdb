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
    /// by an intent before `finish`.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; the store's ``timeout`` by default.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let timeout = timeout ?? self.timeout
        let outcome = await store.waitForIdle(timeout: timeout)
        if outcome != .idle {
            reportIssue(
                """
                Expected async work to finish within \(FailureText.describe(timeout)), but \
                \(outcome.runningDescription).
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // Whatever the finished work dispatched last has been reduced once its task ended.
        await store.barrier()
        if exhaustivity == .on {
            reportUnasserted("at finish()", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Forgets the messages, side effects and failures received so far without asserting
    /// them, for a test that does not care about them.
    public func skipReceived() async {
        await store.barrier()
        events.withLog { log in
            log.messages.removeAll()
            log.sideEffects.removeAll()
            log.failures.removeAll()
        }
    }
}
