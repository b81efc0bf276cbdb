import Synchronization

extension StoreCore {
    func nextSideEffect() async -> F.SideEffect? {
        let ready = control.withLock { control -> F.SideEffect?? in
            if let sideEffect = control.sideEffects.take() { return .some(sideEffect) }
            return control.sideEffects.isFinished ? .some(nil) : nil
        }
        if let ready { return ready }
        let waiterID = control.withLock { $0.sideEffects.nextID(forWaiter: ()) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                control.withLock { control in
                    if let sideEffect = control.sideEffects.take() {
                        continuation.resume(returning: sideEffect)
                    } else if control.sideEffects.isFinished || Task.isCancelled {
                        continuation.resume(returning: nil)
                    } else {
                        control.sideEffects.waiters.append((waiterID, continuation))
                    }
                }
            }
        } onCancel: {
            control.withLock { control in
                if let index = control.sideEffects.waiters.firstIndex(where: { $0.id == waiterID }) {
                    control.sideEffects.waiters.remove(at: index).continuation.resume(returning: nil)
                }
            }
        }
    }

    func nextBroadcast(listener id: Int) async -> F.SideEffect? {
        let ready = control.withLock { control -> F.SideEffect?? in
            if let sideEffect = control.sideEffects.listeners[id]?.queue.popFirst() { return .some(sideEffect) }
            return control.sideEffects.isFinished || control.sideEffects.listeners[id] == nil ? .some(nil) : nil
        }
        if let ready { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                control.withLock { control in
                    if let sideEffect = control.sideEffects.listeners[id]?.queue.popFirst() {
                        continuation.resume(returning: sideEffect)
                    } else if control.sideEffects.isFinished || Task.isCancelled
                        || control.sideEffects.listeners[id] == nil
                    {
                        continuation.resume(returning: nil)
                    } else {
                        control.sideEffects.listeners[id]!.waiter = continuation  // checked just above
                    }
                }
            }
        } onCancel: {
            control.withLock { control in
                if let waiter = control.sideEffects.listeners[id]?.waiter {
                    control.sideEffects.listeners[id]!.waiter = nil  // checked just above
                    waiter.resume(returning: nil)
                }
            }
        }
    }
}
