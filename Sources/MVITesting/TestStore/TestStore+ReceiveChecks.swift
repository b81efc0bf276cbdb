import IssueReporting
import MVI

// What the receive calls (TestStore+Receive.swift) share: waiting for the next message,
// intent or side effect, taking it, and checking it against what the test expects.
extension TestStore {
    /// The check behind the message receives: takes the next message that `matches`, then
    /// asserts the state it made.
    func receiveMessage(
        _ description: String,
        matching matches: (F.Message) -> Bool,
        mismatch: (F.Message) -> String,
        timeout: Duration?,
        assert updateExpected: ((inout F.State) throws -> Void)?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let taken = await take(
            \.messages, description, none: "no message arrived", noMatch: "no matching message arrived",
            timeout, exhaustivity, location, matching: { matches($0.message) })
        guard let (received, skipped) = taken else { return }
        // The intents that dispatched what was taken have been received through their messages.
        let intents = Set((skipped + [received]).compactMap(\.intent))
        if !intents.isEmpty { events.withLog { $0.intents.removeAll { intents.contains($0.id) } } }
        showSkipped(
            skipped.map(\.message), "received message", before: "receiving \(description)", exhaustivity, location)
        guard matches(received.message) else { return report(mismatch(received.message), location) }
        // The work that dispatched the message has gone on to its next suspension (a
        // clock's sleep, say) when `receive` returns, so the test can move time without
        // racing it.
        let action = "receiving \(FailureText.dump(received.message, of: F.self, routedIn: store.name))"
        await finishStep(
            action, of: "message", before: received.before, after: received.after, exhaustivity, updateExpected,
            location)
    }

    /// The check behind the intent receives: takes the next intent the test did not send, with
    /// the messages its execution dispatched, then asserts the state it made.
    func receiveIntent(
        _ description: String,
        matching matches: (F.Intent) -> Bool,
        mismatch: (F.Intent) -> String,
        timeout: Duration?,
        assert updateExpected: ((inout F.State) throws -> Void)?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let taken = await take(
            \.intents, description, none: "no intent arrived", noMatch: "no matching intent arrived",
            timeout, exhaustivity, location, matching: { matches($0.intent) })
        guard let (peeked, skipped) = taken else { return }
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
        guard matches(received.intent) else { return report(mismatch(received.intent), location) }
        let action = "receiving the intent \(FailureText.dump(received.intent, of: F.self, routedIn: store.name))"
        await finishStep(
            action, of: "intent", before: received.before, after: own.last?.after ?? received.after, exhaustivity,
            updateExpected, location)
    }

    /// The check behind the side effect receives: takes the next side effect that `matches`.
    func receiveSideEffect(
        _ description: String,
        matching matches: (F.SideEffect) -> Bool,
        mismatch: (F.SideEffect) -> String,
        timeout: Duration?,
        isolation: isolated (any Actor)? = #isolation,
        location: SourceLocation
    ) async {
        let exhaustivity = self.exhaustivity
        let taken = await take(
            \.sideEffects, description, none: "no side effect was posted",
            noMatch: "no matching side effect was posted", timeout, exhaustivity, location, matching: matches)
        guard let (received, skipped) = taken else { return }
        showSkipped(skipped, "side effect", before: "receiving \(description)", exhaustivity, location)
        if !matches(received) { report(mismatch(received), location) }
        // As after a message: the work that posted it has moved on to its next suspension,
        // or ended, when `receive` returns.
        await settle(after: "receiving the side effect \(FailureText.dump(received))", location)
    }

    /// ``takeNext(_:exhaustive:timeout:matching:isolation:)`` within `timeout` (the store's
    /// ``timeout`` if `nil`), reporting it when nothing came: `none` says what did not come
    /// when exhaustive (`no message arrived`), `noMatch` otherwise.
    func take<Item: Sendable>(
        _ queue: any WritableKeyPath<EventLog<F>.Contents, [Item]> & Sendable,
        _ description: String,
        none: String,
        noMatch: String,
        _ timeout: Duration?,
        _ exhaustivity: Exhaustivity,
        _ location: SourceLocation,
        matching matches: (Item) -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) async -> (item: Item, skipped: [Item])? {
        let timeout = timeout ?? self.timeout
        let taken = await takeNext(queue, exhaustive: exhaustivity == .on, timeout: timeout, matching: matches)
        if taken == nil {
            report(
                """
                Expected to receive \(description) within \(FailureText.describe(timeout)), but \
                \(exhaustivity == .on ? none : noMatch).\(runningWorkNote)
                """, location)
        }
        return taken
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
