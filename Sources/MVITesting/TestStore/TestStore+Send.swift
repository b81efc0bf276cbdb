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
    ///   - isolation: The caller's actor (`#isolation`, filled in for you): a `@MainActor`
    ///     test passes closures that capture its local variables.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func send(
        _ intent: F.Intent,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !isDismissed else {
            reportIssue(
                """
                Sent \(FailureText.dump(intent)) after the feature dismissed itself: in an app, its \
                parent has removed it, and the intent would not reach it.
                """, fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        // Work that moved on since the last step (a clock the test advanced woke it) reaches
        // its next suspension first, so what it does is not mistaken for the intent's.
        await settle(after: "the previous step", location)
        let exhaustivity = self.exhaustivity
        reportUnasserted("before sending \(FailureText.dump(intent))", exhaustivity, location)
        events.withLog { $0.claimsNextIntent = true }
        // The intent may cancel sleeping work: the work it wakes so does not make this
        // thread wait (it settles below).
        executor.withoutWaiting { store.send(intent) }
        // The intent may have been queued behind work another thread was processing; the
        // barrier returns once it has run.
        await store.barrier(executor)
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
        let action = "sending \(FailureText.dump(intent, of: F.self, routedIn: store.name))"
        await finishStep(
            action, of: "intent", before: step.before, after: step.after, exhaustivity, updateExpected, location)
    }

    /// Asserts the store's current state without sending anything: for a change the test
    /// made happen otherwise (a shared value, an intent sent straight to ``store``), or, when
    /// not exhaustive, to check a few fields at any point.
    ///
    /// ```swift
    /// await store.assert { $0.count = 3 }
    /// ```
    ///
    /// When exhaustive, the closure turns the state the test last asserted into the state it
    /// expects now; otherwise it sets the fields it cares about on the actual state. The
    /// store's async work has reached its next suspension point, or ended, before the state
    /// is read.
    public func assert(
        _ updateExpected: (inout F.State) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await settle(after: "the previous step", location)
        await store.barrier(executor)
        let actual = store.state
        let exhaustivity = self.exhaustivity
        let before = settings.withLock { $0.assertedState } ?? actual
        noteAsserted(actual)
        events.withLog { $0.unassertedSharedChanges = 0 }
        _ = withoutActuallyEscaping(updateExpected) { updateExpected in
            compareState(
                before: before, actual: actual, exhaustivity, updateExpected, location,
                mismatch: "The state does not match", skipped: "asserting the state")
        }
    }

    /// Runs an assertion closure inside the store's environment, if it has one, and keeps the
    /// feature's shared elements the same after it (``Feature/sharedElements``): changing a
    /// copy in the closure changes its element, as the reducer's change did.
    func inEnvironment(_ update: (inout F.State) throws -> Void, _ state: inout F.State) throws {
        if let environment {
            try environment.withEnvironment { try F.keepingSharedElements(&state, update) }
        } else {
            try F.keepingSharedElements(&state, update)
        }
    }

    /// Records the state the test has now asserted, for ``assert(_:isolation:fileID:filePath:line:column:)``.
    func noteAsserted(_ state: F.State) {
        settings.withLock { $0.assertedState = state }
    }
}
