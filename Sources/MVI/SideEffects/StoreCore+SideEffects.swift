import Synchronization

extension StoreCore {
    /// Posts a side effect: recorded, shown to middleware, then offered to the handlers (each
    /// through its gate) and, if none takes it, to the async listeners or the buffer.
    @usableFromInline func deliver(_ sideEffect: F.SideEffect) {
        if hasRecorder { recordSideEffect(sideEffect) }
        if wants(.sideEffect) { emit(.sideEffect(sideEffect)) }
        offer(sideEffect, returned: false)
    }

    /// A side effect handed back undelivered: offered to listeners again, ahead of what is
    /// buffered, without being recorded or shown to middleware a second time.
    func redeliver(_ sideEffect: F.SideEffect) {
        offer(sideEffect, returned: true)
    }

    private func offer(_ sideEffect: F.SideEffect, returned: Bool) {
        var handled = false
        let me = ThreadIdentity.current
        for handler in drainer.sideEffectHandlers {
            guard handler.offer(sideEffect, as: me) else { continue }
            handled = true
            if policy.delivery != .broadcast { return }
        }
        let dropped = control.withLock { control -> [F.SideEffect] in
            // Broadcast: async listeners get it too; it waits only if nobody at all listens.
            if handled && !control.sideEffects.hasBroadcastListeners { return [] }
            if returned {
                control.sideEffects.putBack(sideEffect, policy: policy)
                return []
            }
            return control.sideEffects.post(sideEffect, policy: policy)
        }
        for lost in dropped {
            reportFromDrainer(
                StoreError(
                    storeName: name,
                    origin: .sideEffectOverflow,
                    underlying: SideEffectOverflow(
                        droppedSideEffect: String(describing: lost), capacity: policy.capacity)
                ))
        }
    }

    func addSideEffectHandler(_ handler: SideEffectHandler<F.SideEffect>) {
        // Cancelled before it got here (a binder stopped and started again meanwhile): skip it,
        // so fast stop/start cycles cost O(1) each, not a pass over the buffer.
        guard handler.isOpen else { return }
        let isFirst = drainer.sideEffectHandlers.isEmpty
        drainer.sideEffectHandlers.append(handler)
        let waiting = control.withLock { control -> [F.SideEffect] in
            if policy.delivery == .broadcast && (!isFirst || control.sideEffects.hasBroadcastListeners) {
                return []
            }
            return control.sideEffects.buffer.drainAll()
        }
        let me = ThreadIdentity.current
        var index = waiting.startIndex
        while index < waiting.endIndex, handler.offer(waiting[index], as: me) {
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

    /// Posts a side effect for async work, in order with the store's input; dropped if the
    /// work is cancelled or has ended by the time it would be delivered.
    func postFromWork(_ sideEffect: F.SideEffect, work token: Int) async {
        switch claimInput(forWork: token) {
        case .claimed:
            deliver(sideEffect)
            drain()
        case .dropped(let liveness):
            drop(.sideEffect(sideEffect, work: token, nil), liveness)
        case .busy:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                submit(.sideEffect(sideEffect, work: token, continuation))
            }
        }
    }

    /// Dispatches a message for async work and returns once it is reduced; dropped if the
    /// work is cancelled or has ended by the time it would be applied.
    func dispatchFromWork(_ message: F.Message, work token: Int) async {
        switch claimInput(forWork: token) {
        case .claimed:
            apply(message)
            drain()
        case .dropped(let liveness):
            drop(.message(message, work: token, nil), liveness)
        case .busy:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                submit(.message(message, work: token, continuation))
            }
        }
    }

    /// What a claim for input from async work found.
    enum InputClaim {
        /// The caller drains now.
        case claimed
        /// The work may no longer act on the store.
        case dropped(WorkLiveness)
        /// Someone else drains (or input waits): queue it.
        case busy
    }

    /// Claims the store for input from the work with `token`, deciding its liveness under the
    /// same lock.
    func claimInput(forWork token: Int) -> InputClaim {
        control.withLock { control in
            let liveness = control.liveness(ofWork: token)
            guard liveness == .live else { return .dropped(liveness) }
            guard control.canRunInput else { return .busy }
            control.isDraining = true
            return .claimed
        }
    }
}
