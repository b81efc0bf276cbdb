/// The timer a ``SharedStorage`` uses to look for changes made from outside: one task that
/// calls `check` every interval until `check` returns `false` (its storage is gone) or the
/// watcher is released. Shared by the file and SQLite storages.
package final class SharedStorageWatcher: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// A watcher that does nothing until started.
    package init() {}

    deinit {
        task.withLock { $0?.cancel() }
    }

    /// Calls `check` every `interval`, replacing a loop started before.
    package func start(every interval: Duration, _ check: @escaping @Sendable () -> Bool) {
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
