import MVI

/// Waits for whichever comes first: `start` reporting an outcome, or `timeout`.
///
/// The outcome is decided once, under one lock: the first side to decide wins, and the
/// timeout's outcome is computed under that lock, so it sees the world as it is when it
/// wins (a timeout can check that the awaited event has not in fact happened). A timer
/// cancelled because the event came first ends without deciding anything.
///
/// - Parameters:
///   - timeout: Real time to wait.
///   - onTimeout: The outcome when the timeout wins; called under the lock.
///   - start: Starts the wait; calls its argument, from any thread, with the outcome.
func race<Outcome: Sendable>(
    timeout: Duration,
    onTimeout: @escaping @Sendable () -> Outcome,
    _ start: (@escaping @Sendable (Outcome) -> Void) -> Void
) async -> Outcome {
    await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let decision = Decision(continuation)
        let timer = Task {
            do {
                try await Task.sleep(for: timeout)
            } catch {
                return  // cancelled: the event came first
            }
            decision.decide(onTimeout)
        }
        start { outcome in
            decision.decide { outcome }
            timer.cancel()
        }
    }
}

/// The continuation of a ``race(timeout:onTimeout:_:)``, resumed once.
private final class Decision<Outcome: Sendable>: Sendable {
    private let pending: Locked<CheckedContinuation<Outcome, Never>?>

    init(_ continuation: CheckedContinuation<Outcome, Never>) {
        pending = Locked(continuation)
    }

    /// Resumes the wait with `outcome()`, computed under the lock, unless it was decided.
    func decide(_ outcome: () -> Outcome) {
        let decided = pending.withLock { pending -> (CheckedContinuation<Outcome, Never>, Outcome)? in
            guard let continuation = pending.take() else { return nil }
            return (continuation, outcome())
        }
        if let (continuation, outcome) = decided { continuation.resume(returning: outcome) }
    }
}
