extension StoreCore {
    /// Sends an intent and waits for the async work its `execute` starts
    /// (``Store/sendAwaitingWork(_:)``).
    func sendAwaitingWork(_ intent: F.Intent) async {
        await sendAwaitingWorkStarted(intent).wait()
    }

    /// Submits an awaited intent (executed at once if the store is idle) and returns the
    /// wait for its work, so that a caller may act between the two (`ObservableStore` shows
    /// the state the intent made).
    func sendAwaitingWorkStarted(_ intent: F.Intent) -> AwaitedSend {
        let work = AwaitedWork()
        submit(.awaitedIntent(AwaitedIntent(intent, work: work)))
        return AwaitedSend(work: work) { [weak self] tokens in
            guard let self else { return }
            let cancelled = cancellingTasks(tokens: tokens)
            // Outside the lock: cancellation handlers run synchronously and may call back in.
            for task in cancelled { task.cancel() }
        }
    }

    /// Work started from `execute` (not from other work): noted if the intent executing is
    /// awaited. A load and a branch on every `run` otherwise.
    @inlinable @inline(__always) func noteStartedByExecute(_ task: WorkTask, token: Int) {
        if let awaitedWork = drainer.awaitedWork { awaitedWork.started(task, token: token) }
    }
}
