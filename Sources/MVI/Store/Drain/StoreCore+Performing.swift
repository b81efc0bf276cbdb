/// Running one queue item on the draining thread, and dropping or abandoning one that can
/// never run.
extension StoreCore {
    /// Drops input that can no longer be applied: its async sender is resumed, and input
    /// from a context that outlived its work is reported.
    @usableFromInline func drop(_ item: QueueItem<F>, _ liveness: WorkLiveness) {
        abandon(item)
        guard liveness == .ended else { return }
        let action: StoreMisuse.Action
        switch item.untraced {
        case .sideEffect: action = .post
        case .intent, .awaitedIntent: action = .send
        default: action = .dispatch
        }
        report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.contextUsedAfterWorkEnded(action)))
    }

    /// Runs one queue item on the draining thread.
    @inlinable func perform(_ item: consuming QueueItem<F>) {
        switch consume item {
        case .intent(let intent):
            execute(intent, .none)
        case .message(let message, _, let continuation):
            apply(message, .none)
            continuation?.resume()
        case .traced(let traced):
            performTraced(traced.item, traced.cause)
        case .sharedChange(let link):
            // Here, not in `performControl`: that one is not specialized, and each store a
            // shared change reaches went through its generic switch (budgets.tsv:
            // shared-write-2, shared-write-100).
            link.apply()
        case let control:
            performControl(control)
        }
    }

    /// ``perform(_:)`` for input queued with its cause (while time travel traces causes).
    /// Out of line: only a traced store comes here.
    @inlinable @inline(never) func performTraced(_ item: QueueItem<F>, _ cause: InputCause) {
        withInputCause(cause) {
            switch item {
            case .intent(let intent):
                execute(intent, cause.site)
            case .message(let message, _, let continuation):
                apply(message, cause.site)
                continuation?.resume()
            case .sideEffect(let sideEffect, _, let continuation):
                deliver(sideEffect, cause.site)
                continuation?.resume()
            default:
                perform(item)
            }
        }
    }

    /// ``perform(_:)`` for what is not an intent or a message: out of line, so that queued
    /// input stays on the specialized path without carrying all of this.
    @usableFromInline func performControl(_ item: QueueItem<F>) {
        switch item {
        case .intent, .message, .traced:
            perform(item)
        case .awaitedIntent(let awaited):
            drainer.awaitedWork = awaited.work
            execute(awaited.intent, .none)
            drainer.awaitedWork = nil
            awaited.work.executed()
        case .sideEffect(let sideEffect, _, let continuation):
            deliver(sideEffect, .none)
            continuation?.resume()
        case .returnedSideEffect(let sideEffect):
            redeliver(sideEffect)
        case .bootstrap:
            runBootstrap()
        case .addObserver(let observer):
            guard observer.isOpen else { break }  // cancelled before it got here
            drainer.observers.append(observer)
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(drainer.state) }
        case .removeObserver(let observer):
            drainer.observers.remove(observer)
        case .addSideEffectObserver(let observer):
            addSideEffectObserver(observer)
        case .removeSideEffectObserver(let observer):
            drainer.sideEffectObservers.removeAll { $0 === observer }
        case .replaceState(let state):
            replaceState(with: state)
        case .sharedChange(let link):
            link.apply()
        case .show(let state):
            stateLock.withLock {  // under the lock: `liveState` reads it from any thread
                if drainer.liveWhileShowing == nil { drainer.liveWhileShowing = StateBox(drainer.state) }
                drainer.state = state
            }
            notifyObservers()
        case .restore:
            guard let live = drainer.liveWhileShowing?.value else { break }
            stateLock.withLock {
                drainer.liveWhileShowing = nil
                drainer.state = live
            }
            notifyObservers()
        case .failure(let error):
            if hasHook { hookFailed(error) }
            if wants(.failure) { emit(.failure(error)) }
        case .terminate:
            terminate()
        }
    }

    /// What happens to an item that can never run: async senders waiting on it are resumed,
    /// observers that wanted to start watching get the final state and finish.
    func abandon(_ item: QueueItem<F>) {
        switch item {
        case .addObserver(let observer):
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(state) }
            observer.finish()
        default:
            item.abandon()
        }
    }
}
