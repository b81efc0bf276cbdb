/// Starting (the bootstrap) and ending (``Store/cancel()``) the store.
extension StoreCore {
    /// Runs the bootstrap and lets held input through (``Store/start()``). Inlinable, so that
    /// a store started at creation runs code specialized for its feature.
    @inlinable func start() {
        switch startTransition() {
        case .runBootstrap:
            runBootstrap()
            drain()
        case .queued, .none:
            break
        }
    }

    /// Runs the feature's bootstrap, on the draining thread.
    @inlinable func runBootstrap() {
        drainer.isExecuting = hasMiddleware
        // What the bootstrap sends is the store's own (a replay's store runs its bootstrap
        // again rather than resending it): no intent's slot, but not an outside caller's.
        if _slowPath(hasHook) { hookBootstrap(isRunning: true) }
        if _slowPath(hasEnvironment), let environment = settings?.environment {
            environment.withEnvironment { feature.bootstrap(StoreContext(core: self)) }
        } else {
            feature.bootstrap(StoreContext(core: self))
        }
        if _slowPath(hasHook) { hookBootstrap(isRunning: false) }
        drainer.isExecuting = false
        if wants(.started) { emit(.started) }
    }

    /// Ends the store (``Store/cancel()``).
    ///
    /// A store that nobody drains and that has nothing to end (no queued items, tasks, held
    /// input, async observers, observers, side-effect observers, middleware or cancel
    /// observers: ``SchedulingStateMachine/isQuiet``) is only marked cancelled: what `deinit`
    /// runs for a store that was never subscribed to. Nothing can be added meanwhile, since
    /// every addition goes through the machine and finds the store cancelled.
    func cancel() {
        let quiet = cancelIfQuiet(hasPipeline: pipeline != nil)
        if quiet == false { cancelUsedStore() }
    }

    /// ``cancel()`` for a store that has something to end. Apart, so that the quiet path
    /// looks up none of the generic types this one needs.
    @inline(never) private func cancelUsedStore() {
        let (cancelled, hasCancelObservers) = cancelTransition()
        guard let action = cancelled else { return }
        for task in action.tasks { task.cancel() }
        for item in action.abandoned { abandon(item) }
        if let bound = action.cancelledBound { resumeWaitingSenders(of: bound) }
        if action.terminatesNow {
            perform(.terminate)
            drain()
        }
        // On this thread even when another one drains (the state keeper's final save).
        if hasCancelObservers { runCancelObservers(drainingElsewhere: !action.terminatesNow) }
    }

    /// Ends the store on the draining thread (``QueueItem/terminate``): observers and observers are
    /// let go, sharing and the hook detached.
    func terminate() {
        let observers = drainer.observers.removeAll()
        drainer.sideEffectObservers.removeAll()
        for observer in observers { observer.finish() }
        detachSharing()
        if wants(.cancelled) { emit(.cancelled) }
        if hasHook { detachHook() }
    }
}
