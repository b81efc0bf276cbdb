import Synchronization

extension StoreCore {
    /// Posts a side effect: shown to the hook and to middleware, then offered to the observers (each
    /// through its gate) and, if none takes it, to the async observers or the buffer.
    /// `site`: where it was posted, kept while time travel traces causes.
    @usableFromInline func deliver(_ sideEffect: F.SideEffect, _ site: CallSite) {
        if hasHook { hookPosted(sideEffect, site) }
        if wants(.sideEffect) { emit(.sideEffect(sideEffect)) }
        offer(sideEffect, returned: false)
    }

    /// A side effect handed back undelivered: offered to observers again, ahead of what is
    /// buffered, without being shown to the hook or middleware a second time.
    func redeliver(_ sideEffect: F.SideEffect) {
        offer(sideEffect, returned: true)
    }

    private func offer(_ sideEffect: F.SideEffect, returned: Bool) {
        var handled = false
        let me = ThreadIdentity.current
        for observer in drainer.sideEffectObservers {
            guard observer.offer(sideEffect, as: me) else { continue }
            handled = true
            if policy.delivery != .broadcast { return }
        }
        let dropped = postToMailbox(sideEffect, handled: handled, returned: returned, policy: policy)
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

    func addSideEffectObserver(_ observer: SideEffectObserver<F.SideEffect>) {
        // Cancelled before it got here (a binder stopped and started again meanwhile): skip it,
        // so fast stop/start cycles cost O(1) each, not a pass over the buffer.
        guard observer.isOpen else { return }
        let isFirst = drainer.sideEffectObservers.isEmpty
        drainer.sideEffectObservers.append(observer)
        let waiting = takeBuffered(forHandler: isFirst, policy: policy)
        let me = ThreadIdentity.current
        var index = waiting.startIndex
        while index < waiting.endIndex, observer.offer(waiting[index], as: me) {
            index += 1
        }
        guard index < waiting.endIndex else { return }
        // Refused (the observer went away meanwhile): the rest waits again, in front, in order.
        putBackInFront(waiting[index...])
    }

    /// Posts a side effect for async work, in order with the store's input; dropped if the
    /// work is cancelled or has ended by the time it would be delivered.
    func postFromWork(_ sideEffect: F.SideEffect, work token: Int, site: CallSite) async {
        await fromWork(
            token, site, run: { deliver(sideEffect, site) }, dropped: .sideEffect(sideEffect, work: token, nil),
            queued: { .sideEffect(sideEffect, work: token, $0) })
    }

    /// Dispatches a message for async work and returns once it is reduced; dropped if the
    /// work is cancelled or has ended by the time it would be applied.
    ///
    /// Inlinable, like ``WorkContext/dispatch(_:fileID:line:)``: the work's operation runs it specialized
    /// for the feature, so the message is not a generic value on the task's stack.
    @inlinable func dispatchFromWork(_ message: F.Message, work token: Int, site: CallSite) async {
        await fromWork(
            token, site, run: { apply(message, site) }, dropped: .message(message, work: token, nil),
            queued: { .message(message, work: token, $0) })
    }

    /// What async work's input goes through, in order with the store's: `run` at once when
    /// the store is idle, the `dropped` item reported when the work is cancelled or has
    /// ended, or the `queued` item submitted and awaited until it is applied or dropped.
    @inlinable @inline(__always) func fromWork(
        _ token: Int, _ site: CallSite, run: () -> Void, dropped: @autoclosure () -> QueueItem<F>,
        queued: (UnsafeContinuation<Void, Never>) -> QueueItem<F>
    ) async {
        switch claimInput(fromWork: token) {
        case .run:
            withInputCause(InputCause(site: site, work: token), run)
            drain()
        case .drop(let liveness):
            drop(dropped(), liveness)
        case .busy:
            // Unsafe: resumed exactly once, when the queued item is applied, delivered or dropped (see `QueueItem`).
            // `submit(_:)` inlined, so that queuing runs specialized too (the usual case on
            // real threads: the sender that started this work is still draining).
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let item = queued(continuation)
                if _slowPath(tracesCauses) {
                    let traced = QueueItem<F>.traced(TracedInput(item, InputCause(site: site, work: token)))
                    afterSubmitting(schedule(traced), traced)
                } else {
                    afterSubmitting(schedule(item), item)
                }
            }
        }
    }
}
