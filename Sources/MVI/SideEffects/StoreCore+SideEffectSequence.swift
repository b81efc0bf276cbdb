import Synchronization

extension StoreCore {
    func nextSideEffect() async -> F.SideEffect? {
        let ready = withMachine { machine -> F.SideEffect?? in
            if let sideEffect = machine.sideEffects.take() { return .some(sideEffect) }
            return machine.sideEffects.isFinished ? .some(nil) : nil
        }
        if let ready { return ready }
        let waiterID = withMachine { $0.sideEffects.nextID(forWaiter: ()) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                withMachine { machine in
                    if let sideEffect = machine.sideEffects.take() {
                        continuation.resume(returning: sideEffect)
                    } else if machine.sideEffects.isFinished || Task.isCancelled {
                        continuation.resume(returning: nil)
                    } else {
                        machine.sideEffects.waiters.append((waiterID, continuation))
                    }
                }
            }
        } onCancel: {
            withMachine { machine in
                if let index = machine.sideEffects.waiters.firstIndex(where: { $0.id == waiterID }) {
                    machine.sideEffects.waiters.remove(at: index).continuation.resume(returning: nil)
                }
            }
        }
    }

    func nextBroadcast(listener id: Int) async -> F.SideEffect? {
        let ready = withMachine { machine -> F.SideEffect?? in
            if let sideEffect = machine.sideEffects.listeners[id]?.queue.popFirst() { return .some(sideEffect) }
            return machine.sideEffects.isFinished || machine.sideEffects.listeners[id] == nil ? .some(nil) : nil
        }
        if let ready { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                withMachine { machine in
                    if let sideEffect = machine.sideEffects.listeners[id]?.queue.popFirst() {
                        continuation.resume(returning: sideEffect)
                    } else if machine.sideEffects.isFinished || Task.isCancelled
                        || machine.sideEffects.listeners[id] == nil
                    {
                        continuation.resume(returning: nil)
                    } else {
                        machine.sideEffects.listeners[id]!.waiter = continuation  // checked just above
                    }
                }
            }
        } onCancel: {
            withMachine { machine in
                if let waiter = machine.sideEffects.listeners[id]?.waiter {
                    machine.sideEffects.listeners[id]!.waiter = nil  // checked just above
                    waiter.resume(returning: nil)
                }
            }
        }
    }
}
