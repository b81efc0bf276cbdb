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
        await settle(after: action, location)
        noteAsserted(step.after)
        guard updateExpected != nil || exhaustivity != .off else { return }
        assertState(
            after: action, of: "intent", before: step.before, after: step.after, exhaustivity: exhaustivity,
            updateExpected, location)
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
        var expected = exhaustivity == .on ? before : actual
        do {
            try inEnvironment(updateExpected, &expected)
        } catch {
            reportIssue(
                "The assertion closure threw: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        if expected != actual {
            reportIssue(
                FailureText.difference("The state does not match", expected: expected, actual: actual),
                fileID: fileID, filePath: filePath, line: line, column: column)
        } else if exhaustivity.showsSkippedAssertions {
            var exhaustive = before
            if (try? inEnvironment(updateExpected, &exhaustive)) != nil {
                showSkippedChanges(exhaustive: exhaustive, actual: actual, "asserting the state", location)
            }
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
        _ location: SourceLocation
    ) {
        let (fileID, filePath, line, column) = (location.fileID, location.filePath, location.line, location.column)
        var expected = exhaustivity == .on ? before : after
        do {
            if let updateExpected { try inEnvironment(updateExpected, &expected) }
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
        } else if exhaustivity.showsSkippedAssertions {
            var exhaustive = before
            let described = updateExpected.map { (try? inEnvironment($0, &exhaustive)) != nil } ?? true
            if described {
                showSkippedChanges(exhaustive: exhaustive, actual: after, action, location)
            }
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

    /// Shows as a known issue the changes a non-exhaustive assertion did not check: how the
    /// actual state differs from the `exhaustive` expectation (the closure applied to the
    /// state before).
    func showSkippedChanges(exhaustive: F.State, actual: F.State, _ action: String, _ location: SourceLocation) {
        guard exhaustive != actual else { return }
        showSkipped(
            FailureText.difference(
                "Skipped assertions of the state after \(action)", expected: exhaustive, actual: actual),
            location)
    }

    /// Shows `text` as a known issue: what a non-exhaustive test skipped, visible in the test
    /// report and never a failure.
    func showSkipped(_ text: String, _ location: SourceLocation) {
        withExpectedIssue(
            isIntermittent: true, fileID: location.fileID, filePath: location.filePath, line: location.line,
            column: location.column
        ) {
            reportIssue(
                text, fileID: location.fileID, filePath: location.filePath, line: location.line,
                column: location.column)
        }
    }

    /// Shows the `items` a non-exhaustive step skipped, if there are any and `exhaustivity`
    /// shows skipped assertions.
    func showSkipped<Item>(
        _ items: [Item], _ noun: String, before situation: String, _ exhaustivity: Exhaustivity,
        _ location: SourceLocation
    ) {
        guard exhaustivity.showsSkippedAssertions, !items.isEmpty else { return }
        showSkipped(
            "Skipped \(FailureText.count(items.count, noun)) before \(situation):\n\n\(FailureText.list(items))",
            location)
    }

    /// Takes the messages, side effects and failures nobody asserted. When exhaustive, each
    /// kind is a failure; otherwise they are forgotten, and shown as known issues if the
    /// exhaustivity says so. One omission is reported once.
    func reportUnasserted(_ situation: String, _ exhaustivity: Exhaustivity, _ location: SourceLocation) {
        if exhaustivity == .on {
            reportUnasserted(
                situation, fileID: location.fileID, filePath: location.filePath, line: location.line,
                column: location.column)
            return
        }
        let (messages, sideEffects, failures) = takeUnasserted()
        showSkipped(messages.map(\.message), "received message", before: situation, exhaustivity, location)
        showSkipped(sideEffects, "side effect", before: situation, exhaustivity, location)
        showSkipped(failures, "store failure", before: situation, exhaustivity, location)
    }

    func takeUnasserted() -> ([EventLog<F>.ReceivedMessage], [F.SideEffect], [StoreError]) {
        events.withLog { log in
            defer {
                log.messages.removeAll()
                log.sideEffects.removeAll()
                log.failures.removeAll()
                log.intents.removeAll()
            }
            return (log.messages, log.sideEffects, log.failures)
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
        let (messages, sideEffects, failures) = takeUnasserted()
        let sharedChanges = events.withLog { log in
            defer { log.unassertedSharedChanges = 0 }
            return log.unassertedSharedChanges
        }
        if sharedChanges > 0 {
            let asserted = settings.withLock { $0.assertedState }
            let now = events.withLog { $0.state }
            reportIssue(
                """
                \(FailureText.count(sharedChanges, "change")) of shared values not asserted \(situation)\
                \(asserted.map { ":\n\n" + FailureText.difference("The state changed", expected: $0, actual: now) } ?? ".")

                Assert the state they made with assert(_:).
                """,
                fileID: fileID, filePath: filePath, line: line, column: column)
            noteAsserted(now)
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
