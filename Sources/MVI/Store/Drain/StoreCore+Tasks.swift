extension StoreCore {
    /// Starts async work owned by the store; `parentWork` is the token of the work whose
    /// operation starts it, `nil` from `execute` or `bootstrap`.
    ///
    /// Inlinable, with ``perform(_:token:id:observed:)``, so that the work's bookkeeping runs
    /// specialized for the feature: unspecialized, each round trip looked up the generic
    /// metadata of the scheduling machine and its parts about a dozen times at run time.
    @inlinable func run(
        id: TaskID?,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        parentWork: Int? = nil,
        operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        // The slot is reserved before the task exists, so a task that finishes before it is
        // registered finds its slot and empties it, and registration then knows to skip it.
        guard let token = reserveTask(id: id) else { return }
        let observed = observesAsyncWork
        if observed { tellWorkObservers(.started, work: token, parentWork: parentWork, id: id) }
        // Kept before the task exists, so the work is known before anything it sends.
        let traced = _slowPath(hasHook) && hookWorkStarted(token: token, parentWork: parentWork, id: id)
        // A test store's executor, if any. Without one the task is made with
        // `Task(priority:)`: `Task(executorPreference: nil, …)` behaves the same but stores
        // the (absent) preference in the task, which costs an allocation per task.
        // The operation is typed `async throws` (see ``WorkTask``), though it never throws.
        let task: WorkTask
        if let executor = preferredTaskExecutor {
            task = Task(executorPreference: executor, priority: priority) { () async throws in
                await self.perform(operation, token: token, id: id, observed: observed, traced: traced)
            }
        } else {
            task = Task(priority: priority) { () async throws in
                await self.perform(operation, token: token, id: id, observed: observed, traced: traced)
            }
        }
        if parentWork == nil { noteStartedByExecute(task, token: token) }
        let action = register(task, token: token, cancelling: cancelInFlight ? id : nil)
        // Cancelled outside the lock: cancellation handlers run synchronously and may call
        // back into the store.
        if action.cancelsNewTask { task.cancel() }
        for task in action.superseded { task.cancel() }
    }

    /// The body of a work's task: runs `operation`, reports its failure and its end (to the
    /// middleware that observes async work, if `observed`; to time travel's causes, if
    /// `traced`), and empties its slot.
    @inlinable func perform(
        _ operation: @Sendable (WorkContext<F>) async throws -> Void, token: Int, id: TaskID?, observed: Bool,
        traced: Bool
    ) async {
        var ending = AsyncWorkEvent.Phase.finished
        do {
            try await operation(WorkContext(core: self, work: token))
        } catch is CancellationError {
            // Cancellation is how work ends early; it is not a failure.
            ending = .cancelled
        } catch {
            if !Task.isCancelled {
                ending = .failed
                reportFailure(of: id, error)
            }
        }
        if observed || traced {
            if ending == .finished, Task.isCancelled { ending = .cancelled }
            if observed { tellWorkObservers(ending, work: token, parentWork: nil, id: id) }
            if traced { hookWorkEnded(token: token, ending) }
        }
        taskEnded(token)
    }

    /// Whether any middleware observes async work (``Middleware/observesAsyncWork``).
    @inlinable var observesAsyncWork: Bool { pipeline?.workObservers != nil }

    /// Tells the middleware that observes async work that a work started or ended.
    @usableFromInline func tellWorkObservers(
        _ phase: AsyncWorkEvent.Phase, work token: Int, parentWork: Int?, id: TaskID?
    ) {
        guard let workObservers = pipeline?.workObservers else { return }
        let event = AsyncWorkEvent(phase: phase, work: token, parentWork: parentWork, id: id, core: self)
        for middleware in workObservers { middleware.asyncWork(event) }
    }

    /// Reports the failure of the async work with `id`.
    @usableFromInline func reportFailure(of id: TaskID?, _ error: any Error) {
        report(StoreError(storeName: name, origin: .asyncWork(id: id?.description), underlying: error))
    }

    func cancelTasks(id: TaskID) {
        let cancelled = cancellingTasks(id: id)
        for task in cancelled { task.cancel() }
    }

    /// Waits until no input is queued, no thread drains, and the store owns no running task
    /// (cancelled work is not waited for).
    func waitForTasks() async {
        var backoff = PollBackoff()
        while true {
            let (busy, count, tasks) = busySnapshot()
            if !busy && count == 0 { return }
            if !tasks.isEmpty {
                for task in tasks { _ = await task.result }
                continue
            }
            // Another thread drains, or a reserved slot is being registered right now: let it
            // finish.
            await backoff.pause()
        }
    }
}
