/// How a ``SharedStorage`` looks for changes made from outside, in order with its saves: a
/// timer task that looks every interval until the storage or the poller is released (a look
/// skipped while another runs, which finds the same), and looks asked for now, which wait for
/// one under way so that what either found has been delivered when they return. Shared by the
/// file and SQLite storages, which hand it their observers (``SharedStorage/subscribe(_:onError:)``)
/// and a look that says what it found.
package final class SharedStoragePoller<Value: Sendable>: Sendable {
    /// What a look for a change from outside found: a value to hand over, or a failure to report.
    package enum Found {
        case value(Value)
        case failure(any Error)
    }

    /// Whom a change from outside is given to, and whom a failure is reported to.
    private struct Observers {
        var onChange: (@Sendable (Value) -> Void)?
        var onError: (@Sendable (any Error) -> Void)?
    }
    /// The storage holds it across each save, and the poller across each look together with
    /// the delivery of what it found: a value read before one of the storage's own saves is
    /// never handed to the shared value after that save (an older value over a newer one).
    package let ordering = Lock()
    private let task = Locked<Task<Void, Never>?>(nil)
    private let observers = Locked(Observers())

    /// A poller that does nothing until started.
    package init() {}

    deinit {
        task.withLock { $0?.cancel() }
    }

    /// Keeps `onChange` and `onError`, and looks with `look` every `interval`, if it is set, for
    /// as long as `storage` and the poller live, replacing a loop started before; a look is
    /// skipped while another runs.
    package func subscribe<Storage: AnyObject & Sendable>(
        _ storage: Storage, every interval: Duration?,
        onChange: @escaping @Sendable (Value) -> Void, onError: @escaping @Sendable (any Error) -> Void,
        look: @escaping @Sendable (Storage) -> Found?
    ) {
        observers.withLock { $0 = Observers(onChange: onChange, onError: onError) }
        guard let interval else { return }
        start(every: interval) { [weak self, weak storage] in
            guard let self, let storage else { return false }
            _ = self.ordering.withLockIfAvailable { self.deliver(storage, look) }
            return true
        }
    }

    /// Looks with `look` now, after a look already under way; returns at once when called
    /// again from a store while `storage` delivers a change on this thread.
    package func lookNow<Storage: AnyObject>(_ storage: Storage, _ look: (Storage) -> Found?) {
        if SharedStorageDelivery.storage == ObjectIdentifier(storage) { return }
        ordering.withLock { deliver(storage, look) }
    }

    /// Hands `value` to the storage's observer, if it has one.
    package func handOver(_ value: Value) {
        observers.withLock { $0.onChange }?(value)
    }

    /// Reports `error` to the storage's observer, if it has one.
    package func report(_ error: any Error) {
        observers.withLock { $0.onError }?(error)
    }

    /// Runs `look` with `storage` marked as the one delivering on this thread, and hands what
    /// it found to the observers.
    private func deliver<Storage: AnyObject>(_ storage: Storage, _ look: (Storage) -> Found?) {
        SharedStorageDelivery.$storage.withValue(ObjectIdentifier(storage)) {
            switch look(storage) {
            case .value(let value): handOver(value)
            case .failure(let error): report(error)
            case nil: break
            }
        }
    }

    /// Calls `check` every `interval`, replacing a loop started before.
    private func start(every interval: Duration, _ check: @escaping @Sendable () -> Bool) {
        let loop = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if !check() { return }
            }
        }
        task.withLock { running in
            running?.cancel()
            running = loop
        }
    }
}

/// The storage delivering a change from outside on this thread, if any: a look that a store
/// re-enters while its storage delivers returns at once instead of waiting for itself.
package enum SharedStorageDelivery {
    /// The delivering storage's identity.
    @TaskLocal package static var storage: ObjectIdentifier?
}
