import MVI

extension Store {
    /// Returns once the store has processed everything submitted to it before the call.
    ///
    /// A new observer is queued behind pending work and called with the current state when
    /// the draining thread reaches it, so its first call marks the point. A cancelled store
    /// calls it at once. Subscribing may drain the store on this thread; with a test store's
    /// `executor`, the work that drain wakes goes to the executor's queue instead of running
    /// on this thread (the drain holds the store's claim, which that work may need).
    func barrier(_ executor: WorkExecutor? = nil) async {
        let subscription = Locked<Subscription?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let pending = Locked<CheckedContinuation<Void, Never>?>(continuation)
            let subscribe = {
                self.subscribe { _ in
                    pending.withLock { $0.take() }?.resume()
                }
            }
            let observer = executor.map { $0.withoutWaiting(subscribe) } ?? subscribe()
            subscription.withLock { $0 = observer }
        }
        subscription.withLock { $0?.cancel() }
    }

    /// Waits until the store owns no running work, or `timeout` passes.
    ///
    /// Idle and timed out are decided once: a timeout is decided from the tasks running at
    /// that moment, and if there are none the store is idle. So a report built from the
    /// outcome names the work that really was still running.
    func waitForIdle(timeout: Duration) async -> IdleOutcome {
        await race(
            timeout: timeout,
            onTimeout: { [self] in
                let running = runningTaskDescriptions
                return running.isEmpty ? .idle : .timedOut(running: running)
            }
        ) { decide in
            // `waitForIdle()` cannot be cancelled, so it races a timer rather than running in
            // a task group that would wait for it. A wait that loses ends when the store is
            // cancelled, which the test stores do when they are released.
            Task {
                await self.waitForIdle()
                decide(.idle)
            }
        }
    }
}

/// How ``MVI/Store/waitForIdle(timeout:)`` ended.
enum IdleOutcome: Sendable, Equatable {
    case idle
    /// The timeout passed with this work running: each task's id, `nil` for work without one.
    case timedOut(running: [String?])

    /// `1 task still running: "search"`, for a failure message.
    var runningDescription: String {
        guard case .timedOut(let running) = self else { return "no task running" }
        let named = running.compactMap { $0 }.sorted().map { "\"\($0)\"" }
        let anonymous = running.count - named.count
        let count = FailureText.count(running.count, "task")
        if named.isEmpty { return "\(count) still running (started without an id)" }
        let others = anonymous == 0 ? "" : " and \(anonymous) without an id"
        return "\(count) still running: \(named.joined(separator: ", "))\(others)"
    }
}
