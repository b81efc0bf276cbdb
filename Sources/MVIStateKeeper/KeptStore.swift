import MVI
import Synchronization

/// What a keeper knows of the store it keeps, whatever the store's feature.
protocol KeptStoreHandle: Sendable {
    func flush()
    func stop()
}

/// Saves one store's state for a ``StateKeeper``: the observer marks the state dirty, a task
/// writes it, coalesced; the store's end triggers a final write, on the thread that cancels
/// the store (a cancel observer) and again, if something changed meanwhile, when the draining
/// thread finishes the store.
///
/// It always writes the store's live state (`StoreCore.liveState`), never a state time
/// travel shows: a shown state may mark the state dirty, which costs one write of the
/// unchanged live state.
final class KeptStore<F: Feature, Saved: Codable & Sendable>: KeptStoreHandle {
    private struct Signal {
        var waiter: CheckedContinuation<Bool, Never>?
        var isFinished = false
        var subscription: Subscription?
        var writer: Task<Void, Never>?
        var cancelObserver: CancelObserverToken?
    }

    let keeper: StateKeeper<F.State, Saved>
    weak let core: StoreCore<F>?
    let trigger: SaveTrigger
    /// Set by every change, cleared by the write that saves it.
    private let isDirty = Atomic<Bool>(false)
    /// Set when a write failed or was refused: the next ``flush()`` and the final save try
    /// again. The writer task does not (it would retry in a loop); the next change wakes it.
    private let isRetryPending = Atomic<Bool>(false)
    private let signal = Locked(Signal())

    init(keeper: StateKeeper<F.State, Saved>, core: StoreCore<F>, trigger: SaveTrigger) {
        self.keeper = keeper
        self.core = core
        self.trigger = trigger
    }

    func begin() {
        guard let core else { return }
        // The final save on the thread that calls `cancel()`, before it returns, even when
        // another thread is draining the store. `nil` if the store is cancelled already: then
        // the observer below is abandoned and its `onFinish` saves.
        let cancelObserver = core.addCancelObserver { [weak self] drainingElsewhere in
            // A draining thread may have reduced a message whose observers (this keeper's
            // among them) have not run yet: then "not dirty" cannot be trusted, so write.
            self?.flush(force: drainingElsewhere)
        }
        signal.withLock { $0.cancelObserver = cancelObserver }
        if case .onChange(let interval) = trigger {
            let writer = Task.detached(priority: .utility) { [self] in
                while await waitUntilDirty() {
                    if interval > .zero { try? await Task.sleep(for: interval) }
                    flush()
                }
            }
            signal.withLock { $0.writer = writer }
        }
        // The observer runs on the send path: it only flips a flag (and wakes the writer
        // when the flag was clear). It keeps no state.
        let subscription = core.observe(
            onState: { [self] _ in markDirty() },
            onFinish: { [self] in finish() })
        let stale = signal.withLock { signal -> Subscription? in
            if signal.isFinished { return subscription }
            signal.subscription = subscription
            return nil
        }
        stale?.cancel()
    }

    private func markDirty() {
        if isDirty.exchange(true, ordering: .acquiringAndReleasing) { return }
        let waiter = signal.withLock { signal in
            defer { signal.waiter = nil }
            return signal.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Waits for a change; `false` once keeping has ended.
    private func waitUntilDirty() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer = signal.withLock { signal -> Bool? in
                if signal.isFinished { return false }
                if isDirty.load(ordering: .acquiring) { return true }
                signal.waiter = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Writes the store's live state if it changed since the last write (or a write failed),
    /// or always with `force`.
    func flush() {
        flush(force: false)
    }

    private func flush(force: Bool) {
        guard let core else { return }
        let failure = keeper.io.withLock { io -> StateKeeperError? in
            guard !signal.withLock({ $0.isFinished }) else { return nil }
            let dirty = isDirty.exchange(false, ordering: .acquiringAndReleasing)
            let retry = isRetryPending.exchange(false, ordering: .acquiringAndReleasing)
            guard dirty || retry || force else { return nil }
            do throws(StateKeeperError) {
                try keeper.write(core.liveState, &io)
                return nil
            } catch {
                isRetryPending.store(true, ordering: .releasing)
                switch error.reason {
                case .savingRefused, .savingDisabled:
                    // Reported once, not on every change while the app decides.
                    if io.refusalReported { return nil }
                    io.refusalReported = true
                default:
                    break
                }
                return error
            }
        }
        if let failure { report(failure, core) }
    }

    /// The store ended: one last write, then the writer stops.
    private func finish() {
        flush()
        stop()
    }

    /// Ends keeping: no more writes, the writer task ends, the observer goes.
    func stop() {
        let (waiter, writer, subscription, cancelObserver) = signal.withLock { signal in
            signal.isFinished = true
            defer {
                signal.waiter = nil
                signal.writer = nil
                signal.subscription = nil
                signal.cancelObserver = nil
            }
            return (signal.waiter, signal.writer, signal.subscription, signal.cancelObserver)
        }
        waiter?.resume(returning: false)
        writer?.cancel()
        subscription?.cancel()
        if let cancelObserver { core?.removeCancelObserver(cancelObserver) }
        keeper.kept.withLock { kept in
            if let current = kept as? KeptStore, current === self { kept = nil }
        }
    }

    private func report(_ failure: StateKeeperError, _ core: StoreCore<F>) {
        core.report(StoreError(storeName: core.name, origin: .addOn("state keeper"), underlying: failure))
    }
}
