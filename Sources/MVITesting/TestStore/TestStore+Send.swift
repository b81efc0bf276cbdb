import IssueReporting
import MVI

extension TestStore {
    /// Sends an intent and asserts the state change it makes synchronously.
    ///
    /// ```swift
    /// await store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// The closure receives the state from before the intent and mutates it into the state
    /// the test expects; the test fails with a diff if the store's state differs. Without a
    /// closure, the intent must not change the state. Messages and side effects of async work
    /// the intent starts are asserted later with `receive`.
    ///
    /// When exhaustive, everything received earlier must have been asserted first.
    ///
    /// Before it sends, and again before it returns, `send` waits until every task of the
    /// store is suspended or has ended: work a `TestClock` advance woke has run to its next
    /// sleep, and work the intent started has reached its first one. So moving time right
    /// after `send` is deterministic.
    ///
    /// The intent the test sends is the next one the store executes. Async work that sends
    /// intents of its own (`context.send`) at the same moment makes that ambiguous: receive
    /// what such work does before sending the next intent.
    ///
    /// - Parameters:
    ///   - intent: The intent, as a view would send it.
    ///   - updateExpected: Turns the previous state into the expected one.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func send(
        _ intent: F.Intent,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        // Work that moved on since the last step (a clock the test advanced woke it) reaches
        // its next suspension first, so what it does is not mistaken for the intent's.
        await settle(
            after: "the previous step", fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = self.exhaustivity
        if exhaustivity == .on {
            reportUnasserted(
                "before sending \(FailureText.dump(intent))",
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        events.withLog { $0.claimsNextIntent = true }
        store.send(intent)
        // The intent may have been queued behind work another thread was processing; the
        // barrier returns once it has run.
        await store.barrier()
        let step = events.withLog { log -> EventLog<F>.Step? in
            log.claimsNextIntent = false
            log.isInStep = false
            return log.step.take()
        }
        guard let step else {
            reportIssue(
                "The store did not process \(FailureText.dump(intent)): it was cancelled.",
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        // Work the intent started has reached its first suspension (a clock's sleep, say)
        // when `send` returns, so the test can move time without racing it.
        await settle(
            after: "sending \(FailureText.dump(intent, routedIn: store.name))",
            fileID: fileID, filePath: filePath, line: line, column: column)
        guard updateExpected != nil || exhaustivity == .on else { return }
        assertState(
            after: "sending \(FailureText.dump(intent, routedIn: store.name))", of: "intent",
            before: step.before, after: step.after, exhaustivity: exhaustivity, updateExpected,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Compares `after` with the state the test expects, and reports a diff if they differ.
    ///
    /// When exhaustive, a closure asserts a change: if the state did not change, the test
    /// fails even though the closure describes the state (as TCA's test store does), since
    /// the closure is then either redundant or expecting a change that did not happen.
    ///
    /// - Parameters:
    ///   - action: What made the change, for messages: `sending Counter.Intent.noop`.
    ///   - kind: What `action` sent or received: `intent`, `message`.
    func assertState(
        after action: String,
        of kind: String,
        before: F.State,
        after: F.State,
        exhaustivity: Exhaustivity,
        _ updateExpected: ((inout F.State) throws -> Void)?,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        var expected = exhaustivity == .on ? before : after
        do {
            try updateExpected?(&expected)
        } catch {
            reportIssue(
                "The assertion closure threw: \(error)",
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        if expected != after {
            reportIssue(
                FailureText.difference("State after \(action) does not match", expected: expected, actual: after),
                fileID: fileID, filePath: filePath, line: line, column: column)
        } else if exhaustivity == .on, updateExpected != nil, before == after {
            reportIssue(
                """
                Expected the state to change after \(action), but it did not.

                The closure makes no change to the state; if the \(kind) is not meant to change \
                it, omit the closure.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Reports (when there are any) the messages, side effects and failures nobody asserted,
    /// and forgets them so one omission is reported once.
    func reportUnasserted(
        _ situation: String,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        let (messages, sideEffects, failures) = events.withLog { log in
            defer {
                log.messages.removeAll()
                log.sideEffects.removeAll()
                log.failures.removeAll()
            }
            return (log.messages, log.sideEffects, log.failures)
        }
        if !messages.isEmpty {
            reportIssue(
                """
                \(FailureText.count(messages.count, "received message")) not asserted \(situation):

                \(FailureText.list(messages.map(\.message)))

                Assert each with receive(_:) (or receive(where:)), in order.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if !sideEffects.isEmpty {
            reportIssue(
                """
                \(FailureText.count(sideEffects.count, "side effect")) not asserted \(situation):

                \(FailureText.list(sideEffects))

                Assert each with receive(sideEffect:) (or receive(sideEffectWhere:)), in order.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if !failures.isEmpty {
            reportIssue(
                """
                \(FailureText.count(failures.count, "store failure")) not asserted \(situation):

                \(failures.map { "  • \($0)" }.joined(separator: "\n"))

                Assert each with receiveFailure(where:).
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
