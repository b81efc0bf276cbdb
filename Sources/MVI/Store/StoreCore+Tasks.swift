import Synchronization

/// The id of a store's async work.
@usableFromInline
struct TaskID: Hashable, Sendable, CustomStringConvertible {
    // AnyHashable is not Sendable, but every TaskID wraps a value that is: the only
    // initializer takes `some Hashable & Sendable`.
    nonisolated(unsafe) let base: AnyHashable

    @usableFromInline init(_ base: some Hashable & Sendable) {
        self.base = AnyHashable(base)
    }

    @usableFromInline var description: String { String(describing: base.base) }
}

extension StoreCore {
    /// Starts async work owned by the store.
    func run(
        id: TaskID?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        operation: @escaping @Sendable (EffectContext<F>) async throws -> Void
    ) {
        let token = control.withLock { control -> Int? in
            guard !control.isCancelled else { return nil }
            control.nextTaskToken += 1
            return control.nextTaskToken
        }
        guard let token else { return }
        let task = Task(priority: priority) {
            let context = EffectContext(core: self)
            do {
                try await operation(context)
            } catch is CancellationError {
                // Cancellation is how work ends early; it is not a failure.
            } catch {
                if !Task.isCancelled {
                    self.report(StoreError(
                        storeName: self.name, origin: .asyncWork(id: id?.description), underlying: error))
                }
            }
            self.taskFinished(token)
        }
        var superseded: [Task<Void, Never>] = []
        let registered = control.withLock { control -> Bool in
            guard !control.isCancelled else { return false }
            if control.finishedEarly.remove(token) != nil { return true }
            if cancelInFlight, let id {
                for (other, running) in control.tasks where running.id == id {
                    superseded.append(running.task)
                    control.tasks[other] = nil
                }
            }
            control.tasks[token] = RunningTask(id: id, task: task)
            return true
        }
        // Cancelled outside the lock: cancellation handlers run synchronously and may call
        // back into the store.
        if !registered { task.cancel() }
        for task in superseded { task.cancel() }
    }

    func cancelTasks(id: TaskID) {
        let cancelled = control.withLock { control -> [Task<Void, Never>] in
            var cancelled: [Task<Void, Never>] = []
            for (token, running) in control.tasks where running.id == id {
                cancelled.append(running.task)
                control.tasks[token] = nil
            }
            return cancelled
        }
        for task in cancelled { task.cancel() }
    }

    func taskFinished(_ token: Int) {
        control.withLock { control in
            if control.tasks.removeValue(forKey: token) == nil {
                // Finished before `run` registered it: tell `run` not to.
                control.finishedEarly.insert(token)
            }
        }
    }

    /// How many tasks the store owns right now.
    var runningTaskCount: Int {
        control.withLock { $0.tasks.count }
    }

    /// Waits until the store owns no running task.
    func waitForTasks() async {
        while true {
            let tasks = control.withLock { $0.tasks.values.map(\.task) }
            if tasks.isEmpty { return }
            for task in tasks { await task.value }
        }
    }
}
