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
        operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        // The slot is reserved before the task exists, so a task that finishes before it is
        // registered finds its slot and empties it, and registration then knows to skip it.
        let token = control.withLock { control -> Int? in
            guard !control.isCancelled else { return nil }
            let token = control.sideEffects.nextID(forWaiter: ())
            control.tasks[token] = RunningTask(id: id, task: nil)
            return token
        }
        guard let token else { return }
        // A test store's executor, if any; `nil` is exactly `Task(priority:)`.
        let task = Task(executorPreference: preferredTaskExecutor, priority: priority) {
            let context = WorkContext(core: self, work: token)
            do {
                try await operation(context)
            } catch is CancellationError {
                // Cancellation is how work ends early; it is not a failure.
            } catch {
                if !Task.isCancelled {
                    self.report(
                        StoreError(
                            storeName: self.name, origin: .asyncWork(id: id?.description), underlying: error))
                }
            }
            self.taskFinished(token)
        }
        var superseded: [Task<Void, Never>] = []
        let registered = control.withLock { control -> Bool in
            guard !control.isCancelled else { return false }
            if control.cancelledTasks.contains(token) { return false }  // cancelled before it existed
            guard control.tasks[token] != nil else { return true }  // already finished
            if cancelInFlight, let id { superseded = control.cancelTasks(id: id, except: token) }
            control.tasks[token]?.task = task
            return true
        }
        // Cancelled outside the lock: cancellation handlers run synchronously and may call
        // back into the store.
        if !registered { task.cancel() }
        for task in superseded { task.cancel() }
    }

    func cancelTasks(id: TaskID) {
        let cancelled = control.withLock { $0.cancelTasks(id: id, except: nil) }
        for task in cancelled { task.cancel() }
    }

    func taskFinished(_ token: Int) {
        control.withLock { control in
            if control.tasks.removeValue(forKey: token) == nil { control.cancelledTasks.remove(token) }
        }
    }

    /// How many tasks the store owns right now. Cancelled work no longer counts, even before
    /// its task returns: nothing it does reaches the store any more.
    var runningTaskCount: Int {
        control.withLock { $0.liveTasks.count }
    }

    /// How many inputs are queued or held.
    var pendingInputCount: Int {
        control.withLock { control in
            control.held.count + control.pending.elements.lazy.filter(\.isInput).count
        }
    }

    /// Waits until no input is queued, no thread drains, and the store owns no running task
    /// (cancelled work is not waited for).
    func waitForTasks() async {
        var polls = 0
        while true {
            let (busy, count, tasks) = control.withLock { control in
                (
                    (control.isDraining || !control.pending.isEmpty) && !control.isCancelled,
                    control.liveTasks.count, control.liveTasks.compactMap(\.task)
                )
            }
            if !busy && count == 0 { return }
            if !tasks.isEmpty {
                for task in tasks { await task.value }
                continue
            }
            // Another thread drains, or a reserved slot is being registered right now: let it
            // finish. Yield first; poll more slowly if it is a long drain.
            polls += 1
            if polls < 100 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}

extension Control {
    /// The tasks whose work was not cancelled.
    var liveTasks: Dictionary<Int, RunningTask>.Values { tasks.values }

    /// Marks the tasks with this id cancelled, and returns those to cancel outside the lock.
    /// They move to `cancelledTasks` until they return, so that what they send meanwhile is dropped.
    /// A slot whose task is not registered yet is marked, and its registration cancels it.
    mutating func cancelTasks(id: TaskID, except kept: Int?) -> [Task<Void, Never>] {
        var cancelled: [Task<Void, Never>] = []
        for (token, running) in tasks where running.id == id && token != kept {
            tasks[token] = nil
            cancelledTasks.insert(token)
            if let task = running.task { cancelled.append(task) }
        }
        return cancelled
    }
}
