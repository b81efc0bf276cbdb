import MVI

/// The test store's middleware: it files each event of the store under the `send` that
/// produced it synchronously, or as received input from async work, and wakes waiters.
final class EventLog<F: Feature>: Middleware, Sendable {
    typealias Target = F

    /// A message from async work (or from an intent the test did not send), with the states
    /// around it.
    struct ReceivedMessage {
        let message: F.Message
        let before: F.State
        let after: F.State
        /// The received intent whose execution dispatched it, if any (see ``ReceivedIntent``).
        var intent: Int? = nil
        /// Orders messages and received intents.
        var sequence = 0
    }

    /// An intent the test did not send (async work's `send`, say), with the states around
    /// what its execution did synchronously.
    struct ReceivedIntent {
        let id: Int
        let intent: F.Intent
        let before: F.State
        var after: F.State
        /// Orders messages and received intents.
        let sequence: Int
    }

    /// What the intent sent by the test did synchronously.
    struct Step {
        let before: F.State
        var after: F.State
        var messageCount = 0
    }

    /// Everything recorded and not yet taken by an assertion.
    struct Contents {
        /// The state after the latest event.
        var state: F.State
        /// The next `.intent` event is the one the test sent.
        var claimsNextIntent = false
        /// Events belong to `step` while the claimed intent executes.
        var isInStep = false
        var step: Step?
        /// A message seen, waiting for its `.state` event.
        var pendingMessage: (message: F.Message, before: F.State, inStep: Bool, intent: Int?)?
        var messages: [ReceivedMessage] = []
        /// Intents the test did not send, in the order the store executed them.
        var intents: [ReceivedIntent] = []
        /// The received intent executing now, whose messages are tagged with it.
        var executingIntent: Int?
        var nextIntentID = 0
        /// The last sequence number given to a received message or intent.
        var sequence = 0
        var sideEffects: [F.SideEffect] = []
        var failures: [StoreError] = []
        var isCancelled = false
        /// The store's async work that has started and not ended, by token.
        var runningWork: Set<Int> = []
        /// Work the test chose not to wait for (``TestStore/skipInFlightWork()``).
        var skippedWork: Set<Int> = []
        /// Whether the feature dispatched its ``DismissibleMessage/dismiss``.
        var isDismissed = false
        /// Changes of shared values that reached the state since the test last asserted it,
        /// outside the test's own steps.
        var unassertedSharedChanges = 0

        /// Running work the test still waits for.
        var awaitedWork: Set<Int> { runningWork.subtracting(skippedWork) }
    }

    private struct Waiter {
        let condition: @Sendable (Contents) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct Storage {
        var log: Contents
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private let storage: Locked<Storage>
    /// Tells the feature's dismissal from its other messages; `nil` when its messages are not
    /// ``DismissibleMessage``s.
    private let isDismissal: (@Sendable (F.Message) -> Bool)?

    init(initialState: F.State) {
        storage = Locked(Storage(log: Contents(state: initialState)))
        isDismissal = dismissalCheck(for: F.Message.self)
    }

    func handle(_ event: StoreEvent<F>, _ context: borrowing MiddlewareContext<F>) {
        let ready = storage.withLock { storage -> [Waiter] in
            record(event, isExecuting: context.isExecuting, in: &storage.log)
            return takeReadyWaiters(&storage)
        }
        for waiter in ready {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    var observesAsyncWork: Bool { true }

    func asyncWork(_ event: AsyncWorkEvent) {
        let ready = storage.withLock { storage -> [Waiter] in
            switch event.phase {
            case .started: storage.log.runningWork.insert(event.work)
            case .finished, .failed, .cancelled:
                storage.log.runningWork.remove(event.work)
                storage.log.skippedWork.remove(event.work)
            }
            return takeReadyWaiters(&storage)
        }
        for waiter in ready {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    private func takeReadyWaiters(_ storage: inout Storage) -> [Waiter] {
        guard !storage.waiters.isEmpty else { return [] }
        var ready: [Waiter] = []
        for (id, waiter) in storage.waiters where waiter.condition(storage.log) {
            ready.append(waiter)
            storage.waiters[id] = nil
        }
        return ready
    }

    private func record(_ event: StoreEvent<F>, isExecuting: Bool, in log: inout Contents) {
        switch event {
        case .intent(let intent):
            log.isInStep = log.claimsNextIntent
            log.executingIntent = nil
            if log.claimsNextIntent {
                log.claimsNextIntent = false
                log.step = Step(before: log.state, after: log.state)
            } else {
                log.nextIntentID += 1
                log.sequence += 1
                log.executingIntent = log.nextIntentID
                log.intents.append(
                    ReceivedIntent(
                        id: log.nextIntentID, intent: intent, before: log.state, after: log.state,
                        sequence: log.sequence))
            }
        case .message(let message):
            if let isDismissal, isDismissal(message) { log.isDismissed = true }
            let inStep = log.isInStep && isExecuting
            log.isInStep = inStep
            if !isExecuting { log.executingIntent = nil }
            log.pendingMessage = (message, log.state, inStep, log.executingIntent)
        case .state(let state):
            log.state = state
            guard let pending = log.pendingMessage else { break }
            log.pendingMessage = nil
            if pending.inStep {
                log.step?.after = state
                log.step?.messageCount += 1
            } else {
                log.sequence += 1
                log.messages.append(
                    ReceivedMessage(
                        message: pending.message, before: pending.before, after: state, intent: pending.intent,
                        sequence: log.sequence))
                if let id = pending.intent, let index = log.intents.lastIndex(where: { $0.id == id }) {
                    log.intents[index].after = state
                }
            }
        case .sideEffect(let sideEffect):
            log.isInStep = log.isInStep && isExecuting
            if !isExecuting { log.executingIntent = nil }
            log.sideEffects.append(sideEffect)
        case .stateReplaced(let state):
            // Replaced from outside: what the next step starts from.
            log.state = state
        case .sharedChange(let state):
            // Another store or thread changed a shared value: the test asserts it with
            // `assert`. Inside the test's own step, the step's assertion covers it.
            log.state = state
            if log.isInStep && isExecuting { break }
            log.unassertedSharedChanges += 1
            if let pending = log.pendingMessage, !pending.inStep { log.pendingMessage?.before = state }
        case .failure(let error):
            log.failures.append(error)
        case .cancelled:
            log.isCancelled = true
        case .created, .started:
            log.isInStep = false
            log.executingIntent = nil
        }
    }

    /// Runs `body` on the log, under the lock.
    func withLog<R: Sendable>(_ body: (inout Contents) -> R) -> R {
        storage.withLock { body(&$0.log) }
    }

    /// Waits until `condition` holds for the log, or `timeout` passes. Returns whether it held.
    func wait(
        timeout: Duration,
        until condition: @escaping @Sendable (Contents) -> Bool
    ) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = storage.withLock { storage -> Int? in
                if condition(storage.log) { return nil }
                storage.nextWaiterID += 1
                storage.waiters[storage.nextWaiterID] = Waiter(condition: condition, continuation: continuation)
                return storage.nextWaiterID
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            // The timer ends the wait as a failure. It is cancelled once the condition holds;
            // a cancelled timer still calls `expire`, which then finds nothing to do.
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                self?.expire(id)
            }
            let isWaiting = storage.withLock { storage -> Bool in
                guard storage.waiters[id] != nil else { return false }
                storage.waiters[id]?.timer = timer
                return true
            }
            if !isWaiting { timer.cancel() }
        }
    }

    private func expire(_ id: Int) {
        let waiter = storage.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(returning: false)
    }
}
