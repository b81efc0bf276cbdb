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
    ///   - isolation: Where the assertion runs: the caller's actor, so the closure may capture
    ///     the test's local variables.
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func receive(
        _ expected: F.Message,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where F.Message: Equatable {
        await receiveMessage(
            FailureText.dump(expected), matching: { $0 == expected },
            mismatch: { actual in
                FailureText.difference("Received a message that does not match", expected: expected, actual: actual)
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next message from async work, checks it with `matches`, and asserts the
    /// state change it makes. For messages that are not `Equatable`, such as the reduce
    /// blocks of a `Container`.
    ///
    /// ```swift
    /// await store.receive(where: { $0.name == "loaded" }) { $0.value = 42 }
    /// ```
    ///
    /// `matches` runs on the caller's actor: it may capture anything the test has.
    public func receive(
        where matches: (F.Message) -> Bool,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receiveMessage(
            "a message matching the predicate", matching: matches,
            mismatch: { actual in
                "Received a message that does not match the predicate:\n\n\(FailureText.dump(actual).indented)"
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next message from async work, checks it is of the case `case`, whatever
    /// its associated value, and asserts the state change it makes. The message need not be
    /// `Equatable`.
    ///
    /// ```swift
    /// await store.receive(Search.Message.resultsLoaded) { $0.results = ["swift"] }
    /// ```
    ///
    /// The case is named by its constructor, the function Swift makes for every enum case with
    /// associated values: no macro, no case path to declare.
    public func receive<Value>(
        _ case: (Value) -> F.Message,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let caseName = "the case \(Value.self) -> \(F.Message.self)"
        await receiveMessage(
            "a message of \(caseName)",
            matching: { EnumCase.extract(`case`, from: $0) != nil },
            mismatch: { actual in
                "Received a message that is not of \(caseName):\n\n\(FailureText.dump(actual).indented)"
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next message from async work, checks it is of the case `case` with the
    /// associated value `value`, and asserts the state change it makes. Only the associated
    /// value needs to be `Equatable`, not the message.
    ///
    /// ```swift
    /// await store.receive(Search.Message.resultsLoaded, ["swift"]) { $0.results = ["swift"] }
    /// ```
    public func receive<Value: Equatable>(
        _ case: (Value) -> F.Message,
        _ value: Value,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let caseName = "the case \(Value.self) -> \(F.Message.self)"
        await receiveMessage(
            "\(FailureText.dump(`case`(value)))",
            matching: { EnumCase.extract(`case`, from: $0) == value },
            mismatch: { actual in
                guard let actualValue = EnumCase.extract(`case`, from: actual) else {
                    return "Received a message that is not of \(caseName):\n\n\(FailureText.dump(actual).indented)"
                }
                return FailureText.difference(
                    "Received a message whose value does not match", expected: value, actual: actualValue)
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func receiveMessage(
        _ description: String,
        matching matches: (F.Message) -> Bool,
        mismatch: (F.Message) -> String,
        timeout: Duration?,
        assert updateExpected: ((inout F.State) throws -> Void)?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let taken = await takeNext(
            \.messages, exhaustive: exhaustivity == .on, timeout: timeout, matching: { matches($0.message) })
        guard let (received, skipped) = taken else {
            reportIssue(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? "no message" : "no matching message") arrived.\(runningWorkNote)
                """,
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            return
        }
        // The intents that dispatched what was taken have been received through their messages.
        let intents = Set((skipped + [received]).compactMap(\.intent))
        if !intents.isEmpty { events.withLog { $0.intents.removeAll { intents.contains($0.id) } } }
        showSkipped(
            skipped.map(\.message), "received message", before: "receiving \(description)", exhaustivity, location)
        guard matches(received.message) else {
            reportIssue(
                mismatch(received.message),
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            return
        }
        // The work that dispatched the message has gone on to its next suspension (a
        // clock's sleep, say) when `receive` returns, so the test can move time without
        // racing it.
        let action = "receiving \(FailureText.dump(received.message, of: F.self, routedIn: store.name))"
        await settle(after: action, location)
        noteAsserted(received.after)
        guard updateExpected != nil || exhaustivity != .off else { return }
        assertState(
            after: action, of: "message", before: received.before, after: received.after,
            exhaustivity: exhaustivity, updateExpected, location)
    }

    /// Waits for the next intent that the test did not send (one that async work sent with
    /// `send`, say), checks it is `expected`, and asserts the state change its execution made
    /// synchronously, as a TCA test receives the actions its effects send.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(1))
    /// await store.receive(intent: .timerTicked) { $0.secondsElapsed = 1 }
    /// ```
    ///
    /// Receiving the intent asserts the messages its execution dispatched, so they are not
    /// received again one by one; receiving those messages instead is just as good. An intent
    /// nobody receives is not reported: its messages, state changes and side effects are.
    public func receive(
        intent expected: F.Intent,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where F.Intent: Equatable {
        await receiveIntent(
            FailureText.dump(expected), matching: { $0 == expected },
            mismatch: { actual in
                FailureText.difference("Received an intent that does not match", expected: expected, actual: actual)
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// ``receive(intent:timeout:assert:isolation:fileID:filePath:line:column:)`` for intents
    /// that are not `Equatable`: checks the next received intent with `matches`.
    public func receive(
        intentWhere matches: (F.Intent) -> Bool,
        timeout: Duration? = nil,
        assert updateExpected: ((inout F.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receiveIntent(
            "an intent matching the predicate", matching: matches,
            mismatch: { actual in
                "Received an intent that does not match the predicate:\n\n\(FailureText.dump(actual).indented)"
            },
            timeout: timeout, assert: updateExpected,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func receiveIntent(
        _ description: String,
        matching matches: (F.Intent) -> Bool,
        mismatch: (F.Intent) -> String,
        timeout: Duration?,
        assert updateExpected: ((inout F.State) throws -> Void)?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let taken = await takeNext(
            \.intents, exhaustive: exhaustivity == .on, timeout: timeout, matching: { matches($0.intent) })
        guard let (peeked, skipped) = taken else {
            reportIssue(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? "no intent" : "no matching intent") arrived.\(runningWorkNote)
                """,
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            return
        }
        // The intent may still be executing: once the barrier returns, all it did synchronously
        // has been recorded.
        await store.barrier(executor)
        let ids = Set((skipped + [peeked]).map(\.id))
        let (received, earlier, own) = events.withLog {
            log -> (EventLog<F>.ReceivedIntent, [EventLog<F>.ReceivedMessage], [EventLog<F>.ReceivedMessage]) in
            let received = log.intents.first { $0.id == peeked.id } ?? peeked
            log.intents.removeAll { ids.contains($0.id) }
            func isSkipped(_ message: EventLog<F>.ReceivedMessage) -> Bool {
                message.intent.map(ids.contains) ?? false
            }
            // Messages reduced before the intent executed: received earlier, not asserted.
            let earlier = log.messages.filter { $0.sequence < received.sequence && !isSkipped($0) }
            let own = log.messages.filter { $0.intent == received.id }
            log.messages.removeAll { $0.sequence < received.sequence || isSkipped($0) || $0.intent == received.id }
            return (received, earlier, own)
        }
        let earlierMessages = earlier.map(\.message)
        if exhaustivity == .on, !earlierMessages.isEmpty {
            reportIssue(
                """
                \(FailureText.count(earlierMessages.count, "received message")) not asserted before \
                receiving \(description):

                \(FailureText.list(earlierMessages))

                Assert each with receive(_:) (or receive(where:)), in order.
                """,
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
        }
        showSkipped(
            skipped.map(\.intent), "received intent", before: "receiving \(description)", exhaustivity, location)
        showSkipped(earlierMessages, "received message", before: "receiving \(description)", exhaustivity, location)
        guard matches(received.intent) else {
            reportIssue(
                mismatch(received.intent),
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            return
        }
        let action = "receiving the intent \(FailureText.dump(received.intent, of: F.self, routedIn: store.name))"
        await settle(after: action, location)
        let after = own.last?.after ?? received.after
        noteAsserted(after)
        guard updateExpected != nil || exhaustivity != .off else { return }
        assertState(
            after: action, of: "intent", before: received.before, after: after,
            exhaustivity: exhaustivity, updateExpected, location)
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
        isolation: isolated (any Actor)? = #isolation,
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
            timeout: timeout, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next side effect and checks it with `matches`, for side effects that are
    /// not `Equatable`.
    public func receive(
        sideEffectWhere matches: (F.SideEffect) -> Bool,
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
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
            timeout: timeout, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func receiveSideEffect(
        _ description: String,
        matching matches: (F.SideEffect) -> Bool,
        mismatch: (F.SideEffect) -> String,
        timeout: Duration?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let taken = await takeNext(\.sideEffects, exhaustive: exhaustivity == .on, timeout: timeout, matching: matches)
        guard let (received, skipped) = taken else {
            reportIssue(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? "no side effect" : "no matching side effect") was posted.\(runningWorkNote)
                """,
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            return
        }
        showSkipped(skipped, "side effect", before: "receiving \(description)", exhaustivity, location)
        if !matches(received) {
            reportIssue(
                mismatch(received),
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
        }
        // As after a message: the work that posted it has moved on to its next suspension,
        // or ended, when `receive` returns.
        await settle(after: "receiving the side effect \(FailureText.dump(received))", location)
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
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where matches: (StoreError) -> Bool = { _ in true }
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = self.exhaustivity
        let timeout = timeout ?? self.timeout
        let taken = await takeNext(\.failures, exhaustive: exhaustivity == .on, timeout: timeout, matching: matches)
        guard let (received, skipped) = taken else {
            reportIssue(
                "Expected the store to report a failure within \(FailureText.describe(timeout)), but none was reported.",
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        showSkipped(skipped, "store failure", before: "receiving a failure", exhaustivity, location)
        if !matches(received) {
            reportIssue(
                "Received a store failure that does not match the predicate:\n\n  \(received)",
                fileID: fileID, filePath: filePath, line: line, column: column)
        }
        // The work that threw has ended (or moved on) when `receiveFailure` returns.
        await settle(after: "receiving the failure \(received)", location)
    }

    /// Waits for an item of the log's `queue` that `matches` (when exhaustive, the next one,
    /// whatever it is), and takes it with the ones before it. Returns it and the ones skipped,
    /// or `nil` if none came within `timeout`.
    ///
    /// `matches` runs here, on the caller's actor, never under the log's lock: the log only
    /// tells that the queue grew.
    func takeNext<Item: Sendable>(
        _ queue: any WritableKeyPath<EventLog<F>.Contents, [Item]> & Sendable,
        exhaustive: Bool,
        timeout: Duration,
        matching matches: (Item) -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) async -> (item: Item, skipped: [Item])? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var checked = 0
        while true {
            let seen = checked
            let remaining = max(.zero, clock.now.duration(to: deadline))
            guard await events.wait(timeout: remaining, until: { $0[keyPath: queue].count > seen }) else { return nil }
            let pending = events.withLog { $0[keyPath: queue] }
            if exhaustive {
                events.withLog { _ = $0[keyPath: queue].removeFirst() }
                return (pending[0], [])
            }
            if let index = pending[checked...].firstIndex(where: matches) {
                events.withLog { $0[keyPath: queue].removeFirst(index + 1) }
                return (pending[index], Array(pending[..<index]))
            }
            checked = pending.count
        }
    }

    /// A sentence about the store's running work, for timeout failures.
    var runningWorkNote: String {
        let running = store.runningTaskCount
        return running == 0
            ? " No async work is running."
            : " \(FailureText.count(running, "task")) of async work still running."
    }
}
