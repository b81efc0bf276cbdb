import Synchronization

/// The side-effect mailbox's transitions (``SideEffectMailbox``, under the scheduler's lock):
/// what no synchronous observer took waits there for async observers or in the buffer.
extension StoreScheduler {
    /// Offers a side effect the synchronous observers did not all take to the mailbox:
    /// `handled` if an observer took it, `returned` if it was handed back undelivered. Returns
    /// the side effects dropped for overflow, to report.
    final func postToMailbox(
        _ sideEffect: F.SideEffect, handled: Bool, returned: Bool, policy: SideEffectPolicy
    ) -> [F.SideEffect] {
        withMachine { machine -> [F.SideEffect] in
            // Broadcast: async observers get it too; it waits only if nobody at all listens.
            if handled && !machine.sideEffects.hasBroadcastObservers { return [] }
            if returned {
                machine.sideEffects.putBack(sideEffect, policy: policy)
                return []
            }
            return machine.sideEffects.post(sideEffect, policy: policy)
        }
    }

    /// What waits in the buffer for an observer being added (`isFirst`: the only one), taken
    /// out; none under broadcast once another observer or an observer has taken delivery.
    final func takeBuffered(forHandler isFirst: Bool, policy: SideEffectPolicy) -> [F.SideEffect] {
        withMachine { machine -> [F.SideEffect] in
            if policy.delivery == .broadcast && (!isFirst || machine.sideEffects.hasBroadcastObservers) {
                return []
            }
            return machine.sideEffects.buffer.drainAll()
        }
    }

    /// Puts side effects an observer refused back in front of the buffer, in order.
    final func putBackInFront(_ refused: ArraySlice<F.SideEffect>) {
        withMachine { machine in
            let later = machine.sideEffects.buffer.drainAll()
            for sideEffect in refused { machine.sideEffects.buffer.append(sideEffect) }
            for sideEffect in later { machine.sideEffects.buffer.append(sideEffect) }
        }
    }

    /// Registers a broadcast observer; returns its id.
    final func addBroadcastObserver() -> Int {
        withMachine { $0.sideEffects.addBroadcastObserver() }
    }

    /// Removes a broadcast observer.
    final func removeBroadcastObserver(_ id: Int) {
        withMachine { $0.sideEffects.removeBroadcastObserver(id) }
    }

    /// The next side effect for an async observer (the store's single sequence), waiting for
    /// one; `nil` once the store ends or the waiting task is cancelled.
    final func nextSideEffect() async -> F.SideEffect? {
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

    /// The next side effect for the broadcast observer `id`, waiting for one; `nil` once the
    /// store ends, the observer is removed or the waiting task is cancelled.
    final func nextBroadcast(observer id: Int) async -> F.SideEffect? {
        let ready = withMachine { machine -> F.SideEffect?? in
            if let sideEffect = machine.sideEffects.observers[id]?.queue.popFirst() { return .some(sideEffect) }
            return machine.sideEffects.isFinished || machine.sideEffects.observers[id] == nil ? .some(nil) : nil
        }
        if let ready { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<F.SideEffect?, Never>) in
                withMachine { machine in
                    if let sideEffect = machine.sideEffects.observers[id]?.queue.popFirst() {
                        continuation.resume(returning: sideEffect)
                    } else if machine.sideEffects.isFinished || Task.isCancelled
                        || machine.sideEffects.observers[id] == nil
                    {
                        continuation.resume(returning: nil)
                    } else {
                        machine.sideEffects.observers[id]!.waiter = continuation  // checked just above
                    }
                }
            }
        } onCancel: {
            withMachine { machine in
                if let waiter = machine.sideEffects.observers[id]?.waiter {
                    machine.sideEffects.observers[id]!.waiter = nil  // checked just above
                    waiter.resume(returning: nil)
                }
            }
        }
    }
}
