import Synchronization

/// The engine behind ``Store``.
///
/// One thread at a time drains the store: it claims `isDraining` under the lock, processes
/// its own work, then everything other threads queued meanwhile, and releases the claim when
/// the queue is empty. So reductions are serial and ordered, `send` never waits for a lock
/// holder doing user work, and a re-entrant send just queues.
///
/// `drainer` holds what only the draining thread touches. The state inside it is written
/// only by the drainer and only under the lock, so readers on other threads lock, while the
/// drainer itself reads it without locking (reads never race with reads).
@usableFromInline
final class StoreCore<F: Feature>: @unchecked Sendable {
    // @unchecked: `control` is a StoreLock; `drainer` is accessed only under the drain claim,
    // and its `state` is written only under the lock (see the type's comment).

    /// What only the draining thread touches.
    @usableFromInline
    struct Drainer {
        @usableFromInline var state: F.State
        @usableFromInline var observers: [StateObserver<F.State>] = []
        @usableFromInline var sideEffectHandlers: [SideEffectHandler<F.SideEffect>] = []
        /// The store's own state while time travel shows another one; restored on resume.
        /// Boxed: it is rarely used, and an inline optional state would grow every store.
        @usableFromInline var liveWhileShowing: StateBox<F.State>?
        /// Whether `execute` or `bootstrap` is on the stack; kept only when there is middleware.
        /// Last, so that `hasMiddleware` after `drainer` shares its padding.
        @usableFromInline var isExecuting = false

        @inlinable init(state: F.State) { self.state = state }
    }

    /// The name given at creation; `nil` for the default, made only when asked for, so an
    /// idle store carries no string of its own.
    @usableFromInline let givenName: String?
    @usableFromInline let feature: F
    @usableFromInline let control: StoreLock<Control<F>>
    // Unchecked exclusivity: every access is confined to the draining thread (or under the
    // lock for state reads from elsewhere), which is stronger than the dynamic check.
    @usableFromInline @exclusivity(unchecked) var drainer: Drainer
    /// The kinds of event some middleware observes, one bit each (``StoreEvent/Kind``),
    /// plus ``Pipeline/recordingBit`` when a recorder is attached.
    @usableFromInline let middlewareInterest: UInt16
    /// The middleware and the recorder; `nil` without middleware, so that a plain store
    /// carries one empty pointer.
    @usableFromInline let pipeline: Pipeline<F>?
    @usableFromInline let errorHandler: StoreErrorHandler
    @usableFromInline let policy: SideEffectPolicy
    /// A test harness's executor and failure watchers (StoreCore+TestSupport.swift); empty in apps.
    let testSupport = AtomicLazyReference<StoreTestSupport>()

    init(
        feature: F,
        initialState: F.State,
        name: String?,
        middleware: [any Middleware<F>],
        sideEffects: SideEffectPolicy,
        errorHandler: StoreErrorHandler
    ) {
        self.givenName = name
        self.feature = feature
        self.control = StoreLock(Control())
        self.drainer = Drainer(state: initialState)
        let pipeline = middleware.isEmpty ? nil : Pipeline(middleware)
        self.pipeline = pipeline
        self.middlewareInterest = pipeline?.interest ?? 0
        self.errorHandler = errorHandler
        self.policy = sideEffects
        pipeline?.recorder?.attach(self)
    }

    /// The store's name: as given, or derived from the feature's type.
    @usableFromInline var name: String {
        if let givenName { return givenName }
        if let named = F.self as? any DefaultStoreName.Type { return named.defaultStoreName }
        return String(describing: F.self)
    }

    // MARK: State

    /// The state, for any thread.
    @inlinable var state: F.State {
        control.withLock { _ in drainer.state }
    }

    /// The state, for the draining thread only.
    @inlinable var drainerState: F.State {
        _read { yield drainer.state }
    }

    // MARK: Input

    @inlinable func send(_ intent: F.Intent) {
        let claimed = control.withLock { control -> Bool in
            if control.canRunInput {
                control.isDraining = true
                return true
            }
            _ = control.enqueue(.intent(intent))  // a cancelled store drops it; nothing waits on it
            return false
        }
        if claimed {
            execute(intent)
            drain()
        }
    }

    /// Runs work now if no one is draining, or queues it for the thread that is.
    @usableFromInline func submit(_ work: Work<F>) {
        var abandoned: Work<F>?
        let claimed = control.withLock { control -> Bool in
            let runnable = work.isInput ? control.canRunInput : (!control.isDraining && !control.isCancelled)
            if runnable {
                control.isDraining = true
                return true
            }
            abandoned = control.enqueue(work)
            return false
        }
        if claimed {
            perform(work)
            drain()
        } else if let abandoned {
            abandon(abandoned)
        }
    }

    /// Processes queued work until none is left, then releases the drain claim.
    @inlinable func drain() {
        // The common case, a lone sender: nothing was queued meanwhile. Checked without
        // touching a `Work` value, so the hot path does no generic enum handling.
        let idle = control.withLock { control -> Bool in
            guard control.pending.isEmpty else { return false }
            control.isDraining = false
            return true
        }
        if !idle { drainQueued() }
    }

    /// The slow path of ``drain()``: work that other threads queued meanwhile.
    ///
    /// Inlinable, so that queued intents and messages (concurrent senders, async work) run
    /// through code specialized for the feature, like the fast path; the rest goes to
    /// ``perform(_:)``.
    @inlinable func drainQueued() {
        while let work = control.withLock({ control -> Work<F>? in
            if let next = control.pending.popFirst() { return next }
            control.isDraining = false
            return nil
        }) {
            switch work {
            case .intent(let intent):
                execute(intent)
            case .message(let message, let continuation):
                apply(message)
                continuation?.resume()
            default:
                perform(work)
            }
        }
    }

    @usableFromInline func perform(_ work: Work<F>) {
        switch work {
        case .intent(let intent):
            execute(intent)
        case .message(let message, let continuation):
            apply(message)
            continuation?.resume()
        case .sideEffect(let sideEffect, let continuation):
            deliver(sideEffect)
            continuation?.resume()
        case .bootstrap:
            drainer.isExecuting = hasMiddleware
            feature.bootstrap(StoreContext(core: self))
            drainer.isExecuting = false
            if wants(.started) { emit(.started) }
        case .addObserver(let observer):
            drainer.observers.append(observer)
            observer.onState(drainer.state)
        case .removeObserver(let observer):
            drainer.observers.removeAll { $0 === observer }
        case .addEffectHandler(let handler):
            addSideEffectHandler(handler)
        case .removeEffectHandler(let handler):
            drainer.sideEffectHandlers.removeAll { $0 === handler }
        case .show(let state):
            if drainer.liveWhileShowing == nil { drainer.liveWhileShowing = StateBox(drainer.state) }
            control.withLock { _ in drainer.state = state }
            notifyObservers()
        case .restore:
            guard let live = drainer.liveWhileShowing?.value else { break }
            drainer.liveWhileShowing = nil
            control.withLock { _ in drainer.state = live }
            notifyObservers()
        case .failure(let error):
            emit(.failure(error))
        case .terminate:
            terminate()
        }
    }

    /// What happens to work that can never run: async senders waiting on it are resumed,
    /// observers that wanted to start watching get the final state and finish.
    func abandon(_ work: Work<F>) {
        switch work {
        case .addObserver(let observer):
            observer.onState(state)
            observer.onFinish?()
        default:
            work.abandon()
        }
    }

    // MARK: The pipeline

    /// Whether middleware observes the steps of the pipeline (intents, messages, states,
    /// side effects, failures): then each step takes the observed path. Middleware that sees
    /// only a store's creation, start and end (time travel's) leaves the send path as it is.
    @inlinable var hasMiddleware: Bool { middlewareInterest & Pipeline<F>.stepBits != 0 }

    /// Whether some middleware observes events of `kind`: if not, none is built.
    @inlinable func wants(_ kind: StoreEvent<F>.Kind) -> Bool {
        middlewareInterest & UInt16(kind.bit) != 0
    }

    @inlinable func execute(_ intent: F.Intent) {
        if hasMiddleware {
            executeObserved(intent)
        } else if hasRecorder {
            recordIntent(intent)
            feature.execute(intent, StoreContext(core: self))
            recordEndOfIntent()
        } else {
            feature.execute(intent, StoreContext(core: self))
        }
    }

    /// ``execute(_:)`` with middleware observing steps. Kept out of line (but specialized),
    /// so that the plain path stays small enough to be inlined into `send`.
    @inlinable @inline(never) func executeObserved(_ intent: F.Intent) {
        if hasRecorder { recordIntent(intent) }
        if wants(.intent) { emit(.intent(intent)) }
        // Re-entrant sends are queued, so executions never nest: a flag is enough.
        drainer.isExecuting = true
        feature.execute(intent, StoreContext(core: self))
        drainer.isExecuting = false
        if hasRecorder { recordEndOfIntent() }
    }

    @inlinable func apply(_ message: F.Message) {
        if hasMiddleware {
            applyObserved(message)
        } else {
            if hasRecorder {
                reduceRecording(message)
            } else {
                control.withLock { _ in F.reduce(&drainer.state, message) }
            }
            notifyObservers()
        }
    }

    /// ``apply(_:)`` with middleware observing steps; out of line like
    /// ``executeObserved(_:)``.
    @inlinable @inline(never) func applyObserved(_ message: F.Message) {
        if wants(.message) { emit(.message(message)) }
        if hasRecorder {
            reduceRecording(message)
        } else {
            control.withLock { _ in F.reduce(&drainer.state, message) }
        }
        if wants(.state) { emit(.state(drainer.state)) }
        notifyObservers()
    }

    @inlinable func notifyObservers() {
        var index = 0
        while index < drainer.observers.count {
            let observer = drainer.observers[index]
            if observer.isActive.load(ordering: .relaxed) {
                observer.onState(drainer.state)
            }
            index += 1
        }
    }

    /// Shows an event to the middleware that observe its kind. Inlinable, so that it is
    /// specialized for the feature where the store is used.
    @inlinable func emit(_ event: StoreEvent<F>) {
        guard let pipeline else { return }
        let context = MiddlewareContext(core: self)
        let bit = event.kind.bit
        for entry in pipeline.entries where entry.mask & bit != 0 {
            entry.middleware.handle(event, context)
        }
    }

    // MARK: Failures

    /// Reports a failure from the draining thread.
    func reportFromDrainer(_ error: StoreError) {
        errorHandler(error)
        if wants(.failure) { emit(.failure(error)) }
    }

    /// Reports a failure from any thread: the handler is called at once, middleware sees it
    /// in order through the pipeline.
    @usableFromInline func report(_ error: StoreError) {
        errorHandler(error)
        showFailureToTestSupport(error)
        if wants(.failure) { submit(.failure(error)) }
    }

    // MARK: Lifecycle

    func start() {
        let claimed = control.withLock { control -> Bool in
            guard !control.isStarted, !control.isCancelled else { return false }
            control.isStarted = true
            if control.isDraining {
                control.pending.append(.bootstrap)
                control.releaseHeldInput()
                return false
            }
            control.isDraining = true
            control.releaseHeldInput()
            return true
        }
        if claimed {
            perform(.bootstrap)
            drain()
        }
    }

    var isCancelled: Bool {
        control.withLock { $0.isCancelled }
    }

    func cancel() {
        var tasks: [Task<Void, Never>] = []
        var abandoned: [Work<F>] = []
        let claimed = control.withLock { control -> Bool? in
            guard !control.isCancelled else { return nil }
            control.isCancelled = true
            tasks = control.tasks.values.compactMap(\.task)
            control.tasks.removeAll()
            abandoned = control.held
            control.held.removeAll()
            var keep: [Work<F>] = []
            while let work = control.pending.popFirst() {
                if work.isInput { abandoned.append(work) } else { keep.append(work) }
            }
            for work in keep { control.pending.append(work) }
            control.sideEffects.finish()
            if control.isDraining {
                control.pending.append(.terminate)
                return false
            }
            control.isDraining = true
            return true
        }
        guard let claimed else { return }
        for task in tasks { task.cancel() }
        for work in abandoned { abandon(work) }
        if claimed {
            perform(.terminate)
            drain()
        }
    }

    private func terminate() {
        let observers = drainer.observers
        drainer.observers.removeAll()
        drainer.sideEffectHandlers.removeAll()
        for observer in observers { observer.onFinish?() }
        if wants(.cancelled) { emit(.cancelled) }
        pipeline?.recorder?.detach()
    }
}
