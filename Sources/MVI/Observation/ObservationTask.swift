/// The task that mirrors states, cancellable from a nonisolated deinit.
final class ObservationTask: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    func start(_ task: Task<Void, Never>) {
        self.task.withLock { $0 = task }
    }

    func cancel() {
        task.withLock { $0 }?.cancel()
    }
}
