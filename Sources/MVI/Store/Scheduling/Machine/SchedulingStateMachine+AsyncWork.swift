/// The store's async work: reserving, registering and cancelling its tasks, and their end.
extension SchedulingStateMachine {
    /// Reserves a slot for async work before its task exists, so a task that ends before it
    /// is registered finds its slot. `nil` once the store is cancelled.
    @inlinable mutating func reserveTask(id: TaskID?) -> Int? {
        guard !isCancelled else { return nil }
        return writableExtras().value.work.reserve(id: id)
    }

    /// Registers the task of a reserved slot; with `cancelling` (an id, for
    /// `cancelInFlight`), earlier work with that id is cancelled.
    @inlinable mutating func register(_ task: WorkTask, token: Int, cancelling id: TaskID?) -> RegisterAction {
        guard !isCancelled else { return RegisterAction(cancelsNewTask: true, superseded: []) }
        return writableExtras().value.work.register(task, token: token, cancelling: id)
    }

    /// Marks the tasks with this id cancelled, and returns those to cancel outside the lock
    /// (see ``WorkRegistry/cancelTasks(id:except:)``).
    mutating func cancelTasks(id: TaskID) -> [WorkTask] {
        guard extrasBox != nil else { return [] }
        return writableExtras().value.work.cancelTasks(id: id)
    }

    /// Marks every task whose id `matches` cancelled (a parent cancelling all the work of a
    /// child that went away), and returns those to cancel outside the lock.
    mutating func cancelTasks(where matches: (TaskID) -> Bool) -> [WorkTask] {
        guard extrasBox != nil else { return [] }
        return writableExtras().value.work.cancelTasks(where: matches)
    }

    /// Marks the work with these tokens cancelled, and returns the tasks to cancel outside
    /// the lock.
    mutating func cancelTasks(tokens: Set<Int>) -> [WorkTask] {
        guard extrasBox != nil else { return [] }
        return writableExtras().value.work.cancelTasks(tokens: tokens)
    }

    /// The task of the work with `token` returned.
    @inlinable mutating func taskEnded(_ token: Int) {
        writableExtras().value.work.taskEnded(token)
    }

    /// Whether input from the work with `token` may still be applied.
    @inlinable func liveness(ofWork token: Int) -> WorkLiveness {
        guard let box = extrasBox else { return isCancelled ? .cancelled : .ended }
        return box.value.work.liveness(ofWork: token, storeCancelled: isCancelled)
    }
}
