/// The scheduling of a store's async work: its slots, registration and cancellation, each
/// a transition of ``SchedulingStateMachine`` under the scheduler's lock. The tasks it hands
/// back are cancelled by the caller, outside the lock (cancellation handlers run synchronously
/// and may call back into the store).
extension StoreScheduler {
    /// Reserves a slot for async work before its task exists; `nil` once the store is cancelled.
    /// This, `register` and `taskEnded` touch only the work's slots and read the cancelled
    /// flag: they leave a lone sender's claim where it is.
    @inlinable final func reserveTask(id: TaskID?) -> Int? {
        withMachineKeepingClaim { $0.reserveTask(id: id) }
    }

    /// Registers the task of a reserved slot, cancelling earlier work with the id `cancelling`.
    @inlinable final func register(_ task: WorkTask, token: Int, cancelling id: TaskID?) -> RegisterAction {
        withMachineKeepingClaim { $0.register(task, token: token, cancelling: id) }
    }

    /// The task of the work with `token` returned.
    @inlinable final func taskEnded(_ token: Int) {
        withMachineKeepingClaim { $0.taskEnded(token) }
    }

    /// Marks the work with this id cancelled; returns the tasks to cancel.
    final func cancellingTasks(id: TaskID) -> [WorkTask] {
        withMachine { $0.cancelTasks(id: id) }
    }

    /// Marks every work whose id `matches` cancelled; returns the tasks to cancel.
    final func cancellingTasks(where matches: (TaskID) -> Bool) -> [WorkTask] {
        withMachine { $0.cancelTasks(where: matches) }
    }

    /// Marks the work with these tokens cancelled; returns the tasks to cancel.
    final func cancellingTasks(tokens: Set<Int>) -> [WorkTask] {
        withMachine { $0.cancelTasks(tokens: tokens) }
    }

    /// The slots of the store's work, live or reserved, as they are now: the slot table
    /// itself, shared until the machine next changes it, so taking it allocates nothing.
    /// Empty slots have token 0.
    @usableFromInline final func liveWorkSlots() -> [WorkSlots.Bucket] {
        withMachine { $0.tasks.buckets }
    }

    /// How many tasks the store owns right now (cancelled work no longer counts).
    final var runningTaskCount: Int {
        withMachine { $0.tasks.count }
    }

    /// Whether the store owns running work with this id.
    final func hasTask(id: TaskID) -> Bool {
        withMachine { $0.tasks.values.contains { $0.id == id } }
    }

    /// The ids of the running tasks, `nil` for work started without one.
    final var runningTaskDescriptions: [String?] {
        withMachine { $0.tasks.values.map { $0.id?.description } }
    }

    /// Whether items are processed or wait, how many tasks run, and those that exist yet.
    final func busySnapshot() -> (busy: Bool, count: Int, tasks: [WorkTask]) {
        withMachine { machine in
            (machine.isBusy, machine.tasks.count, machine.tasks.values.compactMap(\.task))
        }
    }
}
