import MVI

extension Store {
    /// Returns once the store has processed everything submitted to it before the call.
    ///
    /// A new observer is queued behind pending work and called with the current state when
    /// the draining thread reaches it, so its first call marks the point. A cancelled store
    /// calls it at once.
    func barrier() async {
        let subscription = Locked<Subscription?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let pending = Locked<CheckedContinuation<Void, Never>?>(continuation)
            let observer = subscribe { _ in
                pending.withLock { $0.take() }?.resume()
            }
            subscription.withLock { $0 = observer }
        }
        subscription.withLock { $0?.cancel() }
    }

    /// Waits until the store owns no running work, or `timeout` passes. Returns whether it
    /// became idle.
    func waitForIdle(timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            // `waitForIdle()` cannot be cancelled, so it races a timer rather than running in a
            // task group that would wait for it. A wait that loses ends when the store is
            // cancelled, which the test store does when it is released.
            let timer = Task {
                try? await Task.sleep(for: timeout)
                pending.withLock { $0.take() }?.resume(returning: false)
            }
            Task {
                await self.waitForIdle()
                timer.cancel()
                pending.withLock { $0.take() }?.resume(returning: true)
            }
        }
    }
}
