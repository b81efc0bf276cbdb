/// A store's async work, by token: what is live, what was cancelled and has not returned.
///
/// Part of ``SchedulingStateMachine`` (kept in its extras), but not generic: the async-work
/// path reaches it without looking up generic metadata at run time. As a member of the
/// generic machine, each `run` looked up the metadata of the machine's box and mailbox about
/// eight times, a fifth of an effect round trip's instructions (measured).
@usableFromInline
struct WorkRegistry: Sendable {
    /// Async work owned by the store, live (not cancelled), by token.
    @usableFromInline var tasks = WorkSlots()
    /// Work that was cancelled but whose task has not returned yet, by token: what it
    /// sends meanwhile is dropped quietly. Apart from `tasks`, so cancelling by id stays
    /// a pass over live work only.
    @usableFromInline var cancelledTasks: Set<Int> = []
    /// The last token handed out.
    @usableFromInline var lastToken = 0

    @usableFromInline init() {}

    /// Reserves a slot for new work before its task exists, and returns its token.
    @usableFromInline mutating func reserve(id: TaskID?) -> Int {
        lastToken += 1
        tasks.set(RunningTask(id: id, task: nil), for: lastToken)
        return lastToken
    }

    /// Registers the task of a reserved slot; with `cancelling` (an id, for
    /// `cancelInFlight`), earlier work with that id is cancelled.
    @usableFromInline mutating func register(
        _ task: WorkTask, token: Int, cancelling id: TaskID?
    ) -> RegisterAction {
        guard !isCancelled(token) else { return RegisterAction(cancelsNewTask: true, superseded: []) }
        // Set in place (its id is kept); a slot already gone means its task ended: nothing to keep.
        guard tasks.setTask(task, for: token) else { return RegisterAction(cancelsNewTask: false, superseded: []) }
        let superseded = id.map { cancelTasks(id: $0, except: token) } ?? []
        return RegisterAction(cancelsNewTask: false, superseded: superseded)
    }

    /// Marks the tasks with this id cancelled, and returns those to cancel outside the lock.
    /// They move to `cancelledTasks` until they return, so that what they send meanwhile is
    /// dropped. A slot whose task is not registered yet is marked, and its registration
    /// cancels it.
    mutating func cancelTasks(id: TaskID, except kept: Int? = nil) -> [WorkTask] {
        cancelTasks { token, running in running.id == id && token != kept }
    }

    /// Marks every task whose id `matches` cancelled (a parent cancelling all the work of a
    /// child that went away), and returns those to cancel outside the lock.
    mutating func cancelTasks(where matches: (TaskID) -> Bool) -> [WorkTask] {
        cancelTasks { _, running in running.id.map(matches) ?? false }
    }

    /// Marks the work with these tokens cancelled (an awaited send whose caller was
    /// cancelled), and returns the tasks to cancel outside the lock.
    mutating func cancelTasks(tokens: Set<Int>) -> [WorkTask] {
        cancelTasks { token, _ in tokens.contains(token) }
    }

    private mutating func cancelTasks(where matches: (Int, RunningTask) -> Bool) -> [WorkTask] {
        var cancelled: [WorkTask] = []
        for (token, running) in tasks.entries where matches(token, running) {
            _ = tasks.removeIfPresent(token)
            cancelledTasks.insert(token)
            if let task = running.task { cancelled.append(task) }
        }
        return cancelled
    }

    /// Forgets every task (the store ends) and returns those to cancel.
    mutating func removeAll() -> [WorkTask] {
        let running = tasks.values.compactMap(\.task)
        tasks.removeAll()
        cancelledTasks.removeAll()
        return running
    }

    /// The task of the work with `token` returned.
    @usableFromInline mutating func taskEnded(_ token: Int) {
        if !tasks.removeIfPresent(token), !cancelledTasks.isEmpty { cancelledTasks.remove(token) }
    }

    /// Whether input from the work with `token` may be applied, in a store that is
    /// cancelled or not (`storeCancelled`).
    @usableFromInline func liveness(ofWork token: Int, storeCancelled: Bool) -> WorkLiveness {
        if tasks.contains(token) { return .live }  // no copy of the task
        return storeCancelled || isCancelled(token) ? .cancelled : .ended
    }

    /// Whether the work with `token` was cancelled and has not returned. Without hashing the
    /// token when nothing was cancelled, the usual case.
    private func isCancelled(_ token: Int) -> Bool {
        !cancelledTasks.isEmpty && cancelledTasks.contains(token)
    }
}

/// What ``WorkRegistry/register(_:token:cancelling:)`` asks of the caller.
@usableFromInline
struct RegisterAction: Sendable {
    /// The new task must be cancelled (the store or the work was cancelled before it
    /// was registered).
    @usableFromInline var cancelsNewTask: Bool
    /// Earlier work with the same id, superseded (`cancelInFlight`): cancel it.
    @usableFromInline var superseded: [WorkTask]

    @usableFromInline init(cancelsNewTask: Bool, superseded: [WorkTask]) {
        self.cancelsNewTask = cancelsNewTask
        self.superseded = superseded
    }
}

/// The task of a store's async work. Typed as throwing although it never throws (`perform`
/// catches every error): `Task.init` hands a throwing operation to the runtime as it is, while
/// a non-throwing one is wrapped in a reabstraction thunk whose context is an allocation per task.
@usableFromInline
typealias WorkTask = Task<Void, any Error>

/// A task the store owns, live (not cancelled). Cancelled work moves to
/// `cancelledTasks` until its task returns, so that what it dispatches meanwhile can be told
/// apart: live, cancelled (dropped quietly), or from a context that outlived its work
/// (dropped and reported).
@usableFromInline
struct RunningTask: Sendable {
    @usableFromInline let id: TaskID?
    /// `nil` between reserving the slot and registering the task.
    var task: WorkTask?
}
