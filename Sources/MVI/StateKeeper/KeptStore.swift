import Synchronization

/// What a keeper knows of the store it keeps, whatever the store's feature.
protocol KeptStoreHandle: Sendable {
    func flush()
    func stop()
}

/// Saves one store's state for a ``StateKeeper``: the observer marks the state dirty, a task
/// writes it, coalesced; the store's end triggers a final write.
final class KeptStore<F: Feature, Saved: Codable & Sendable>: KeptStoreHandle {
    private struct Signal {
        var waiter: CheckedContinuation<Bool, Never>?
        var isFinished = false
        var subscription: Subscription?
        var writer: Task<Void, Never>?
    }

    let keeper: StateKeeper<F.State, Saved>
    weak let core: StoreCore<F>?
    let trigger: SaveTrigger
    /// Set by every change, cleared by the write that saves it.
    private let isDirty = Atomic<Bool>(false)
    private let signal = Mutex(Signal())

    init(keeper: StateKeeper<F.State, Saved>, core: StoreCore<F>, trigger: SaveTrigger) {
        self.keeper = keeper
        self.core = core
        self.trigger = trigger
    }

    func begin() {
        guard let core else { return }
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
        let subscription = core.observe(StateObserver(
            onState: { [self] _ in markDirty() },
            onFinish: { [self] in finish() }))
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

    /// Writes the latest state if it changed since the last write.
    func flush() {
        guard let core else { return }
        let failure = keeper.io.withLock { io -> StateKeeperError? in
            guard !signal.withLock({ $0.isFinished }) else { return nil }
            guard isDirty.exchange(false, ordering: .acquiringAndReleasing) else { return nil }
            do throws(StateKeeperError) {
                try keeper.write(core.state, &io)
                return nil
            } catch {
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
        let (waiter, writer, subscription) = signal.withLock { signal in
            signal.isFinished = true
            defer {
                signal.waiter = nil
                signal.writer = nil
                signal.subscription = nil
            }
            return (signal.waiter, signal.writer, signal.subscription)
        }
        waiter?.resume(returning: false)
        writer?.cancel()
        subscription?.cancel()
        keeper.kept.withLock { kept in
            if let current = kept as? KeptStore, current === self { kept = nil }
        }
    }

    private func report(_ failure: StateKeeperError, _ core: StoreCore<F>) {
        core.report(StoreError(storeName: core.name, origin: .addOn("state keeper"), underlying: failure))
    }
}
