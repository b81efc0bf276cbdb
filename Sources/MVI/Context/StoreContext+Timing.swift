extension StoreContext {
    /// Runs `operation` once calls stop coming for `duration`: each call cancels the previous
    /// one's pending run (latest wins), for search as you type.
    ///
    /// ```swift
    /// case .queryChanged(let query):
    ///     context.dispatch(.queryChanged(query))
    ///     context.debounce(id: "search", for: .milliseconds(300), clock: clock) { context in
    ///         await context.dispatch(.resultsLoaded(try await search(query)))
    ///     }
    /// ```
    ///
    /// It is ``run(id:cancelInFlight:priority:_:)`` with `cancelInFlight`, sleeping on `clock`
    /// first. The deadline is fixed now, when the intent runs: the pause is measured from the
    /// call, not from when the task gets to run. Inject the clock as a dependency, and a test
    /// passes a `TestClock` and moves time itself. Cancelling `id` cancels the pending run.
    ///
    /// - Parameters:
    ///   - id: Names the work: a call cancels the pending run with the same id.
    ///   - duration: How long calls must pause before `operation` runs.
    ///   - clock: The clock to wait on.
    ///   - priority: The task's priority.
    ///   - operation: The work, as for `run`.
    public func debounce<C: Clock<Duration>>(
        id: some Hashable & Sendable,
        for duration: Duration,
        clock: C,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        let deadline = clock.now.advanced(by: duration)
        run(id: id, cancelInFlight: true, priority: priority) { context in
            try await clock.sleep(until: deadline, tolerance: nil)
            try await operation(context)
        }
    }

    /// Runs `operation` now unless a run with the same `id` started less than `interval` ago
    /// (or is still running): then this call is dropped. The first call of a burst wins.
    ///
    /// ```swift
    /// case .refreshTapped:
    ///     context.throttle(id: "refresh", for: .seconds(2), clock: clock) { context in
    ///         await context.dispatch(.loaded(try await api.load()))
    ///     }
    /// ```
    ///
    /// The run holds its id until `interval` after it started on `clock` (longer if the
    /// operation takes longer), so the interval is work the store owns: a test advances its
    /// `TestClock` past it before `finish`, and cancelling `id` ends it. To keep the latest
    /// call rather than the first, use ``debounce(id:for:clock:priority:_:)``. Inside a
    /// parent, the id is the child's own, as for `run`.
    ///
    /// - Parameters:
    ///   - id: Names the work: while a run with this id holds it, calls are dropped.
    ///   - interval: The least time between two runs' starts.
    ///   - clock: The clock to measure it on.
    ///   - priority: The task's priority.
    ///   - operation: The work, as for `run`.
    public func throttle<C: Clock<Duration>>(
        id: some Hashable & Sendable,
        for interval: Duration,
        clock: C,
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) {
        let deadline = clock.now.advanced(by: interval)
        runIfIdle(id: id, priority: priority) { context in
            do {
                try await operation(context)
            } catch {
                try? await clock.sleep(until: deadline, tolerance: nil)
                throw error
            }
            try await clock.sleep(until: deadline, tolerance: nil)
        }
    }
}
