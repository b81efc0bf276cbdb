import IssueReporting
import MVI

extension TestStore {
    /// Waits for the next message from async work, checks it is `expected`, and asserts the
    /// state change it makes.
    ///
    /// ```swift
    /// await store.send(.load) { $0.isLoading = true }
    /// await store.receive(.loaded(42)) { $0.value = 42; $0.isLoading = false }
    /// ```
    ///
    /// Messages are received in the order the store reduced them. When exhaustive, the next
    /// message must be `expected`; otherwise messages before the first match are skipped.
    /// Fails, rather than hangs, if none arrives within the timeout.
    ///
    /// - Parameters:
    ///   - expected: The message.
    ///   - timeout: How long to wait; the store's ``timeout`` by default.
    ///   - updateExpected: Turns the state before the message into the expected state after it.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func receive(
        _ expected: F.Message,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where F.Message: Equatable {
        await receive(
            FailureText.dump(expected), matching: { $0 == expected },
            mismatch: { actual in
                FailureText.difference("Received a message that does not match", expected: expected, actual: actual)
            },
            timeout: timeout, assert: updateExpected,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for the next message from async work, checks it with `matches`, and asserts the
    /// state change it makes. For messages that are not `Equatable`, such as the reduce
    /// blocks of a `Container`.
    ///
    /// ```swift
    /// await store.receive(where: { $0.name == "loaded" }) { $0.value = 42 }
    /// ```
    public func receive(
        where matches: @escaping @Sendable (F.Message) -> Bool,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            "a message matching the predicate", matching: matches,
            mismatch: { actual in
                "Received a message that does not match the predicate:\n\n\(FailureText.dump(actual).indented)"
            },
            timeout: timeout, assert: updateExpected,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func receive(
        _ description: String,
        matching matches: @escaping @Sendable (F.Message) -> Bool,
        mismatch: (F.Message) -> String,
        timeout: Duration?,
        assert updateExpected: ((inout F.State) throws -> Void)?,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let arrived = await events.wait(timeout: timeout) { log in
            exhaustivity == .on ? !log.messages.isEmpty : log.messages.contains { matches($0.message) }
        }
        guard arrived else {
            reportIssue(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? "no message" : "no matching message") arrived.\(runningWorkNote)
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let received = events.withLog { log -> EventLog<F>.ReceivedMessage in
            if exhaustivity == .off, let index = log.messages.firstIndex(where: { matches($0.message) }) {
                log.messages.removeFirst(index)
            }
            return log.messages.removeFirst()
        }
        guard matches(received.message) else {
            reportIssue(mismatch(received.message), fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        // The work that dispatched the message has gone on to its next suspension (a
        // clock's sleep, say) when `receive` returns, so the test can move time without
        // racing it.
        await settle(
            after: "receiving \(FailureText.dump(received.message, routedIn: store.name))",
            fileID: fileID, filePath: filePath, line: line, column: column)
        guard updateExpected != nil || exhaustivity == .on else { return }
        assertState(
            after: "receiving \(FailureText.dump(received.message, routedIn: store.name))", of: "message",
            before: received.before, after: received.after, exhaustivity: exhaustivity, updateExpected,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for the next side effect and checks it is `expected`.
    ///
    /// ```swift
    /// await store.send(.save)
    /// await store.receive(sideEffect: .close)
    /// ```
    ///
    /// Side effects are received in the order they were posted, whether an intent posted them
    /// synchronously or async work did later; they are checked apart from messages. When
    /// exhaustive, the next side effect must be `expected`; otherwise earlier ones are skipped.
    /// As after a message, the work that posted it has reached its next suspension point, or
    /// ended, when this returns.
    public func receive(
        sideEffect expected: F.SideEffect,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where F.SideEffect: Equatable {
        await receiveSideEffect(
            FailureText.dump(expected), matching: { $0 == expected },
            mismatch: { actual in
                FailureText.difference("Received a side effect that does not match", expected: expected, actual: actual)
            },
            timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for the next side effect and checks it with `matches`, for side effects that are
    /// not `Equatable`.
    public func receive(
        sideEffectWhere matches: @escaping @Sendable (F.SideEffect) -> Bool,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receiveSideEffect(
            "a side effect matching the predicate", matching: matches,
            mismatch: { actual in
                "Received a side effect that does not match the predicate:\n\n\(FailureText.dump(actual).indented)"
            },
            timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func receiveSideEffect(
        _ description: String,
        matching matches: @escaping @Sendable (F.SideEffect) -> Bool,
        mismatch: (F.SideEffect) -> String,
        timeout: Duration?,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let arrived = await events.wait(timeout: timeout) { log in
            exhaustivity == .on ? !log.sideEffects.isEmpty : log.sideEffects.contains(where: matches)
        }
        guard arrived else {
            reportIssue(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? "no side effect" : "no matching side effect") was posted.\(runningWorkNote)
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let received = events.withLog { log -> F.SideEffect in
            if exhaustivity == .off, let index = log.sideEffects.firstIndex(where: matches) {
                log.sideEffects.removeFirst(index)
            }
            return log.sideEffects.removeFirst()
        }
        if !matches(received) {
            reportIssue(mismatch(received), fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // As after a message: the work that posted it has moved on to its next suspension,
        // or ended, when `receive` returns.
        await settle(
            after: "receiving the side effect \(FailureText.dump(received))",
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits for the next failure reported to the store (an error thrown by async work, a
    /// side effect dropped for overflow) and checks it with `matches`.
    ///
    /// ```swift
    /// await store.send(.load)
    /// await store.receiveFailure { ($0.underlying as? APIError) == .offline }
    /// ```
    ///
    /// The work that threw has ended, or reached its next suspension point, when this returns.
    public func receiveFailure(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where matches: @escaping @Sendable (StoreError) -> Bool = { _ in true }
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let arrived = await events.wait(timeout: timeout) { log in
            exhaustivity == .on ? !log.failures.isEmpty : log.failures.contains(where: matches)
        }
        guard arrived else {
            reportIssue(
                "Expected the store to report a failure within \(FailureText.describe(timeout)), but none was reported.",
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let received = events.withLog { log -> StoreError in
            if exhaustivity == .off, let index = log.failures.firstIndex(where: matches) {
                log.failures.removeFirst(index)
            }
            return log.failures.removeFirst()
        }
        if !matches(received) {
            reportIssue(
                "Received a store failure that does not match the predicate:\n\n  \(received)",
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // The work that threw has ended (or moved on) when `receiveFailure` returns.
        await settle(
            after: "receiving the failure \(received)",
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A sentence about the store's running work, for timeout failures.
    var runningWorkNote: String {
        let running = store.runningTaskCount
        return running == 0
            ? " No async work is running."
            : " \(FailureText.count(running, "task")) of async work still running."
    }
}
