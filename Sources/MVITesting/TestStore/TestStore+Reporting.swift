import IssueReporting
import MVI

// How a step's outcome is reported: the state compared with the expected one, what a
// non-exhaustive test skipped, and what nobody asserted.
extension TestStore {
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
        let matched = compareState(
            before: before, actual: after, exhaustivity, updateExpected, location,
            mismatch: "State after \(action) does not match", skipped: action)
        if matched, exhaustivity == .on, updateExpected != nil, before == after {
            report(
                """
                Expected the state to change after \(action), but it did not.

                The closure makes no change to the state; if the \(kind) is not meant to change \
                it, omit the closure.
                """, location)
        }
    }

    /// Compares `actual` with the state the test expects (`updateExpected` applied to `before`
    /// when exhaustive, to `actual` otherwise), and reports a diff headed `mismatch` if they
    /// differ; if they match and the exhaustivity shows skipped assertions, shows what the
    /// closure did not check, as skipped after `skipped`. Returns `true` when they match and
    /// nothing was to be shown.
    func compareState(
        before: F.State,
        actual: F.State,
        _ exhaustivity: Exhaustivity,
        _ updateExpected: ((inout F.State) throws -> Void)?,
        _ location: SourceLocation,
        mismatch: String,
        skipped: String
    ) -> Bool {
        var expected = exhaustivity == .on ? before : actual
        do {
            if let updateExpected { try inEnvironment(updateExpected, &expected) }
        } catch {
            report("The assertion closure threw: \(error)", location)
            return false
        }
        if expected != actual {
            report(FailureText.difference(mismatch, expected: expected, actual: actual), location)
            return false
        }
        guard exhaustivity.showsSkippedAssertions else { return true }
        var exhaustive = before
        let described = updateExpected.map { (try? inEnvironment($0, &exhaustive)) != nil } ?? true
        if described {
            showSkippedChanges(exhaustive: exhaustive, actual: actual, skipped, location)
        }
        return false
    }

    /// Reports `text` as a failure at `location`.
    func report(_ text: String, _ location: SourceLocation) {
        reportIssue(
            text, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }

    /// Ends a step that made the state `after`: waits for the work it woke to reach its next
    /// suspension, notes `after` as asserted, and asserts it unless nothing is to be checked.
    func finishStep(
        _ action: String,
        of kind: String,
        before: F.State,
        after: F.State,
        _ exhaustivity: Exhaustivity,
        _ updateExpected: ((inout F.State) throws -> Void)?,
        _ location: SourceLocation,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        // A feature that dismissed itself has left its parent, which cancels its work: its
        // own store does the same, so what a timer would dispatch later never arrives.
        if isDismissed, !store.isCancelled { store.cancel() }
        await settle(after: action, location)
        noteAsserted(after)
        guard updateExpected != nil || exhaustivity != .off else { return }
        assertState(
            after: action, of: kind, before: before, after: after, exhaustivity: exhaustivity, updateExpected, location)
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
            report(text, location)
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
