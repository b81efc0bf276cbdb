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
    package func receive(
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
}
