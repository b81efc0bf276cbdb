import Synchronization

extension StoreCore {
    /// Delivers a side effect, on the draining thread, according to the policy.
    @usableFromInline func deliver(_ sideEffect: F.SideEffect) {
        if hasRecorder { recordSideEffect(sideEffect) }
        if wants(.sideEffect) { emit(.sideEffect(sideEffect)) }
        var handled = false
        for handler in drainer.sideEffectHandlers where handler.isActive.load(ordering: .relaxed) {
            guard handler.accept(sideEffect) else { continue }
            handled = true
            if policy.delivery != .broadcast { return }
        }
        let dropped = control.withLock { control -> F.SideEffect? in
            // Broadcast: async listeners get it too; it waits only if nobody at all listens.
            if handled && !control.sideEffects.hasBroadcastListeners { return nil }
            return control.sideEffects.post(sideEffect, policy: policy)
        }
        if let dropped {
            reportFromDrainer(StoreError(
                storeName: name,
                origin: .sideEffectOverflow,
                underlying: SideEffectOverflow(
                    droppedSideEffect: String(describing: dropped), capacity: policy.capacity)
            ))
        }
    }

    /// A new callback listener; it takes what waited for a listener.
    func addSideEffectHandler(_ handler: SideEffectHandler<F.SideEffect>) {
        // Cancelled before it got here (a binder stopped and started again meanwhile): skip it,
        // so fast stop/start cycles cost O(1) each, not a pass over the buffer.
        guard handler.isActive.load(ordering: .relaxed) else { return }
        let isFirst = drainer.sideEffectHandlers.isEmpty
        drainer.sideEffectHandlers.append(handler)
        let waiting = control.withLock { control -> [F.SideEffect] in
            if policy.delivery == .broadcast && (!isFirst || control.sideEffects.hasBroadcastListeners) {
                return []
            }
            return control.sideEffects.buffer.drainAll()
        }
        var index = waiting.startIndex
        while index < waiting.endIndex, handler.isActive.load(ordering: .relaxed), handler.accept(waiting[index]) {
            index += 1
        }
        guard index < waiting.endIndex else { return }
        // Refused (the handler went away meanwhile): the rest waits again, in front, in order.
        control.withLock { control in
            let later = control.sideEffects.buffer.drainAll()
            for sideEffect in waiting[index...] { control.sideEffects.buffer.append(sideEffect) }
            for sideEffect in later { control.sideEffects.buffer.append(sideEffect) }
        }
    }

    /// A side effect posted by async work: delivered in order with its messages.
    func postFromEffect(_ sideEffect: F.SideEffect) async {
        if claimInput() {
            deliver(sideEffect)
            drain()
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            submit(.sideEffect(sideEffect, continuation))
        }
    }

    /// A message dispatched by async work. Returns once it is reduced, so the work reads its
    /// own writes; while time travel holds the store, that is when the store resumes.
    func dispatchFromEffect(_ message: F.Message) async {
        if claimInput() {
            apply(message)
            drain()
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            submit(.message(message, continuation))
        }
    }

    /// Claims the drain for input, if the store can run input now.
    func claimInput() -> Bool {
        control.withLock { control in
            guard control.canRunInput else { return false }
            control.isDraining = true
            return true
        }
    }
}
