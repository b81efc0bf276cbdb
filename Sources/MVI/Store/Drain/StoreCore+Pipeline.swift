/// The pipeline of one input: `execute` and `apply`, each with its plain, hooked and
/// watched path, chosen by the store's interest bits (``StoreInterest``).
extension StoreCore {
    /// Whether middleware observes the steps of the pipeline (intents, messages, states,
    /// side effects, failures): then each step takes the observed path. Middleware that sees
    /// only a store's creation, start and end (time travel's) leaves the send path as it is.
    @inlinable var hasMiddleware: Bool { middlewareInterest.intersects(.steps) }

    /// Whether `apply` takes the out-of-line path: middleware watches the steps, or the store
    /// shares parts of its state.
    @inlinable var appliesWatched: Bool {
        middlewareInterest.intersects(StoreInterest.steps.union(.sharing).union(.children))
    }

    /// The bits that take `execute` off the plain path: watched (``executesWatched``) or hooked.
    @inlinable static var executesAside: StoreInterest {
        StoreInterest.steps.union(.environment).union(.children).union(.hook)
    }

    /// The bits that take `apply` off the plain path: watched (``appliesWatched``) or hooked.
    @inlinable static var appliesAside: StoreInterest {
        StoreInterest.steps.union(.sharing).union(.children).union(.hook)
    }

    /// Whether `execute` takes the out-of-line path: middleware watches the steps, or the
    /// feature's code runs inside an environment.
    @inlinable var executesWatched: Bool {
        middlewareInterest.intersects(StoreInterest.steps.union(.environment).union(.children))
    }

    /// Whether the feature has children, whose intents and messages the store routes
    /// (``StoreInterest/children``): only the watched paths ask.
    @inlinable var routesToChildren: Bool { middlewareInterest.intersects(.children) }

    /// Whether some middleware observes events of `kind`: if not, none is built.
    @inlinable func wants(_ kind: StoreEvent<F>.Kind) -> Bool {
        middlewareInterest.intersects(kind.interest)
    }

    // Three paths per step: plain, hooked (time travel, a flight recorder) and watched by
    // middleware. A plain send tests one mask of interest bits before the feature's `execute`
    // and one in `apply`, for both other paths. The hooked path shares the feature's
    // `execute` with the plain one, inlined once: with a hooked copy of its own, `apply` was
    // no longer inlined into either copy. Around it, the hook's steps; in `apply`, one call
    // (`reduceHooked`). Each choice measured (budgets.tsv: send-1sub, send-1sub-flight,
    // send-1sub-timetravel, timetravel-idle).

    /// Executes an intent.
    ///
    /// `site` is where the intent was sent (the work or intent that sent it, if any, is
    /// noted beside, by the hook): kept only while time travel traces
    /// causes, otherwise never read.
    @inlinable func execute(_ intent: F.Intent, _ site: CallSite) {
        // One test for the other paths, and one copy of the feature's `execute` (see above).
        if _slowPath(middlewareInterest.intersects(Self.executesAside)) {
            if _slowPath(executesWatched) { return executeWatched(intent, site) }
            hookWillExecute(intent, site)
            drainer.isExecutingHooked = true
        }
        feature.execute(intent, StoreContext(core: self))
        // A field written above, not the interest bits: a plain send keeps no register for
        // them across the feature's `execute` (budgets.tsv: send-1sub).
        if _slowPath(drainer.isExecutingHooked) {
            drainer.isExecutingHooked = false
            hookDidExecute()
        }
    }

    /// Runs the feature's `execute`, through its children's routing when it has children
    /// (on the watched path: the plain one has none).
    @inlinable @inline(__always) func executeFeature(_ intent: F.Intent) {
        if routesToChildren {
            feature.executeRouting(intent, StoreContext(core: self))
        } else {
            feature.execute(intent, StoreContext(core: self))
        }
    }

    /// ``execute(_:)`` watched by middleware (and maybe hooked): the hook sees the intent
    /// first, middleware sees it, and the
    /// store notes that it is executing. Out of line (but specialized), so that the plain
    /// path stays small enough to be inlined into `send`.
    @inlinable @inline(never) func executeWatched(_ intent: F.Intent, _ site: CallSite) {
        if hasHook { hookWillExecute(intent, site) }
        if wants(.intent) { emit(.intent(intent), kind: .intent) }
        // Re-entrant sends are queued, so executions never nest: a flag is enough.
        // Read only by middleware, so a store with an environment and none may set it too.
        drainer.isExecuting = true
        if _slowPath(hasEnvironment) {
            executeInEnvironment(intent)
        } else {
            executeFeature(intent)
        }
        drainer.isExecuting = false
        if wants(.intent) { emitIntentExecuted() }
        // The hook learns that the intent returned (one that dispatched nothing is kept alone).
        if hasHook { hookDidExecute() }
    }

    /// Whether the store has an ``ExecutionEnvironment`` (``StoreInterest/environment``).
    /// `execute` tests it with the middleware's bits, so a store without one pays nothing.
    @inlinable var hasEnvironment: Bool { middlewareInterest.intersects(.environment) }

    /// Runs the feature's `execute` inside the store's environment. Out of line, so that
    /// middleware's path keeps its size (inline, the closure made every watched send dearer;
    /// budgets.tsv: middleware-noop).
    @inlinable @inline(never) func executeInEnvironment(_ intent: F.Intent) {
        guard let environment = settings?.environment else { return executeFeature(intent) }
        environment.withEnvironment { executeFeature(intent) }
    }

    /// Tells the middleware that observes intents that the intent's `execute` returned.
    @inlinable @inline(__always) func emitIntentExecuted() {
        guard let links = pipeline?.unmanagedLinks else { return }
        let context = MiddlewareContext(core: self, eventKind: .intent)
        let bit = StoreEvent<F>.Kind.intent.bit
        // Called without reference counting: the pipeline, a constant of this store, owns them.
        for link in links {
            link._withUnsafeGuaranteedRef { link in
                if link.mask & bit != 0 { link.intentExecuted(context) }
            }
        }
    }

    /// Applies a message: reduces it and notifies the observers. `site`: as ``execute(_:_:)``'s.
    @inlinable func apply(_ message: F.Message, _ site: CallSite) {
        let me: UInt
        // One test for the other paths (see the note above `execute`).
        if _slowPath(middlewareInterest.intersects(Self.appliesAside)) {
            if _slowPath(appliesWatched) { return applyWatched(message, site) }
            me = ThreadIdentity.current
            reduceHooked(message, site, on: me)
        } else {
            me = ThreadIdentity.current
            reduce(message, on: me)
        }
        notifyObservers(on: me)
    }

    /// ``apply(_:)`` watched: middleware sees the message and the state if it asked for
    /// them; the hook sees the message in the same critical section as the reduction.
    /// Out of line like ``executeWatched(_:)``.
    @inlinable @inline(never) func applyWatched(_ message: F.Message, _ site: CallSite) {
        if hasSharing { return applySharing(message, site) }
        if wants(.message) { emit(.message(message), kind: .message) }
        let me = ThreadIdentity.current
        if hasHook {
            reduceHooked(message, site)
        } else {
            reduce(message, on: me, routing: routesToChildren)
        }
        if wants(.state) { emit(.state(drainer.state), kind: .state) }
        notifyObservers(on: me)
    }
}
