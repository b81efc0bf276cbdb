/// Backpressure: what the drain does for a store bounded with `Store(…, pendingInputLimit:)`.
/// The bound itself, who is refused, who waits and who gets room, is decided by the
/// scheduling machine (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
extension StoreCore {
    /// ``Store/sendWaitingForRoom(_:)``: sends at once if there is room (or no bound), else
    /// waits with the intent until room appears. `false` if the intent will never be sent.
    func sendWaitingForRoom(_ intent: F.Intent) async -> Bool {
        let action = schedule(intent: intent, atBound: .refuse)
        switch action {
        case .run, .queued, .drainQueue:
            afterSubmitting(action, .intent(intent))
            return true
        case .drop(let liveness):
            drop(.intent(intent), liveness)
            return false
        case .refused, .waitsForRoom:
            return await waitForRoom(intent)
        }
    }

    /// Offers `intent` again, ready to wait for room: suspends until its intent is queued
    /// (`true`), or the store or the calling task is cancelled first (`false`). Resumed exactly
    /// once, by whoever takes the waiter out of the machine: the drainer that made room, the
    /// store's cancel, or this task's cancellation handler.
    func waitForRoom(_ intent: F.Intent) async -> Bool {
        let wait = Locked(RoomWait())
        return await withTaskCancellationHandler {
            // Unsafe: resumed exactly once, by whoever takes the waiter out of the machine
            // (see `RoomWaiter`), or here when it never waits.
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
                let (action, id) = scheduleWaitingForRoom(intent, continuation: continuation)
                switch action {
                case .waitsForRoom:
                    guard let id else { return }  // a waiter always has an id
                    let cancelled = wait.withLock { wait in
                        wait.id = id
                        return wait.isCancelled
                    }
                    // The task was cancelled before the wait began: it stops at once.
                    if cancelled, let waiter = stopWaiting(id: id) { waiter.continuation?.resume(returning: false) }
                case .run, .queued, .drainQueue:
                    afterSubmitting(action, .intent(intent))
                    continuation.resume(returning: true)
                case .drop(let liveness):
                    drop(.intent(intent), liveness)
                    continuation.resume(returning: false)
                case .refused:
                    continuation.resume(returning: false)  // not returned to a waiting sender
                }
            }
        } onCancel: {
            let id = wait.withLock { wait in
                wait.isCancelled = true
                return wait.id
            }
            if let id, let waiter = stopWaiting(id: id) { waiter.continuation?.resume(returning: false) }
        }
    }

    /// The store was cancelled while senders waited for room: each is resumed with `false`,
    /// its intent not sent. Out of line, so that every store's cancel (run unspecialized)
    /// does not look up the waiters' type metadata, which depends on the feature: only a
    /// bounded store's comes here.
    @inline(never) func resumeWaitingSenders(of cancelledBound: InputBound) {
        // Safe: a bounded store's bound is always an `InputBoundWaiters<F>` (`boundWaiters`).
        let bound = unsafeDowncast(cancelledBound, to: InputBoundWaiters<F>.self)
        for sender in bound.roomWaiters.elements { sender.continuation?.resume(returning: false) }
    }

    /// A plain send refused at the bound: reported, with the intent and the bound.
    @usableFromInline @inline(never) func reportInputOverflow(_ intent: F.Intent) {
        let overflow = InputOverflow(
            droppedIntent: String(describing: intent), limit: settings?.pendingInputLimit ?? 0)
        report(StoreError(storeName: name, origin: .inputOverflow, underlying: overflow))
    }
}

/// A sender's wait for room, shared with its task's cancellation handler: the waiter's id
/// once it waits, and whether the task was cancelled (possibly before it waited).
struct RoomWait: Sendable {
    var id: Int?
    var isCancelled = false
}
