import Synchronization

/// The engine behind ``Store``.
///
/// One thread at a time drains the store: it claims `isDraining` under the control lock,
/// processes its own work, then what other threads queued meanwhile, and releases the claim
/// when the queue is empty. So reductions are serial and ordered, and a re-entrant send just
/// queues. After a fair share of others' work (``fairShare``) it hands the claim to a task
/// that goes on draining, so no sender waits for an unbounded stream of others' input.
///
/// Two locks, never held together and never around user code but `reduce`:
/// - `control` guards what senders touch: the drain claim, the queues, the tasks and the
///   side-effect mailbox. Nothing user-written runs under it, so queuing input never waits
///   for a `reduce`, an `execute` or an observer.
/// - `stateLock` guards the state's writes (and the time-travel record written with them).
///   The drainer reduces under it; readers on other threads take it to read. The drainer
///   reads without it (only the drainer writes). A reader on the thread that is reducing
///   (a reducer reading the store) is told so, instead of deadlocking.
///
/// `drainer` holds what only the draining thread touches.
@usableFromInline
package final class StoreCore<F: Feature>: @unchecked Sendable {  // `drainer`: drain claim and locks, above

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
    /// Guards writes of `drainer.state` (see the type's comment).
    @usableFromInline let stateLock: StoreLock<Void>
    /// The thread running `reduce` right now, or 0: lets a read of the state from inside a
    /// reducer fail with a message instead of a deadlock, and a send from it be reported.
    @usableFromInline let reducingThread: Atomic<UInt>
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
        self.stateLock = StoreLock(())
        self.reducingThread = Atomic(0)
        self.drainer = Drainer(state: initialState)
        let pipeline = middleware.isEmpty ? nil : Pipeline(middleware)
        self.pipeline = pipeline
        self.middlewareInterest = pipeline?.interest ?? 0
        self.errorHandler = errorHandler
        self.policy = sideEffects
        pipeline?.recorder?.attach(self)
    }

    /// The store's name: as given, or derived from the feature's type.
    @usableFromInline package var name: String {
        if let givenName { return givenName }
        if let named = F.self as? any DefaultStoreName.Type { return named.defaultStoreName }
        return String(describing: F.self)
    }

    // MARK: State

    /// The state, for any thread.
    @inlinable var state: F.State {
        if _slowPath(reducingThread.load(ordering: .relaxed) == ThreadIdentity.current) {
            stateReadDuringReduce()
        }
        return stateLock.withLock { _ in drainer.state }
    }

    /// A reducer read the store's state: it would wait for itself. Reducers get the state
    /// as their `inout` argument; reading the store from one is a bug, stopped here with a
    /// message that names it rather than a deadlock.
    @usableFromInline func stateReadDuringReduce() -> Never {
        preconditionFailure(  // the only safe answer: the state is half-reduced and borrowed by reduce
            "swift-mvi: [\(name)] Store.state was read from inside reduce. A reducer must be pure: "
                + "use the state it is given, never the store.")
    }

    /// Reduces `message` into the state in place, under the state lock, on thread `me`.
    @inlinable func reduce(_ message: F.Message, on me: UInt) {
        withReducing(on: me) { F.reduce(&drainer.state, message) }
    }

    /// Runs `body`, which reduces, under the state lock, marked as reducing on thread `me`.
    @inlinable func withReducing(on me: UInt, _ body: () -> Void) {
        reducingThread.store(me, ordering: .relaxed)
        stateLock.withLock { _ in body() }
        reducingThread.store(0, ordering: .relaxed)
    }

    /// The state, for the draining thread only.
    @inlinable var drainerState: F.State {
        _read { yield drainer.state }
    }

    // MARK: Input

    @inlinable func send(_ intent: F.Intent) {
        let claimed = control.withLock { control -> Queued? in
            if control.canRunInput {
                control.isDraining = true
                return nil
            }
            return control.queue(.intent(intent))  // a cancelled store drops it; nothing waits on it
        }
        guard let claimed else {
            execute(intent)
            drain()
            return
        }
        if _slowPath(claimed == .drainQueue) {
            drainQueued()
        } else if _slowPath(reducingThread.load(ordering: .relaxed) != 0) {
            reportIfSentDuringReduce()
        }
    }

    /// A send that was queued while some thread reduces: if that thread is this one, the
    /// send came from inside a reducer, which is reported (it stays queued).
    @usableFromInline func reportIfSentDuringReduce() {
        guard reducingThread.load(ordering: .relaxed) == ThreadIdentity.current else { return }
        report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.sendDuringReduce))
    }

    /// Runs work now if no one is draining, or queues it for the thread that is. Input from
    /// async work that was cancelled or has ended is dropped here.
    @usableFromInline func submit(_ work: Work<F>) {
        var abandoned: Work<F>?
        var drainsQueue = false
        var liveness = WorkLiveness.live
        let claimed = control.withLock { control -> Bool in
            if let token = work.workToken {
                liveness = control.liveness(ofWork: token)
                guard liveness == .live else {
                    abandoned = work
                    return false
                }
            }
            let runnable =
                work.isInput
                ? control.canRunInput : (!control.isDraining && !control.isCancelled && control.pending.isEmpty)
            if runnable {
                control.isDraining = true
                return true
            }
            switch control.queue(work) {
            case .queued: break
            case .drainQueue: drainsQueue = true
            case .dropped: abandoned = work
            }
            return false
        }
        if claimed {
            perform(work)
            drain()
        } else if drainsQueue {
            drainQueued()
        } else if let abandoned {
            drop(abandoned, liveness)
        }
    }

    /// Sends an intent for async work, unless the work was cancelled or has ended.
    func sendFromWork(_ intent: F.Intent, work token: Int) {
        let (liveness, claimed) = control.withLock { control -> (WorkLiveness, Queued?) in
            let liveness = control.liveness(ofWork: token)
            guard liveness == .live else { return (liveness, .dropped) }
            if control.canRunInput {
                control.isDraining = true
                return (liveness, nil)
            }
            return (liveness, control.queue(.intent(intent)))
        }
        if claimed == nil {
            execute(intent)
            drain()
        } else if claimed == .drainQueue {
            drainQueued()
        } else if liveness == .ended {
            report(
                StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.contextUsedAfterWorkEnded(.send)))
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

    /// How much queued work a draining thread processes before it hands the drain claim to
    /// a task: a sender waits for its own work and at most this many others' inputs.
    @inlinable static var fairShare: Int { 1024 }

    /// The slow path of ``drain()``: work that other threads queued meanwhile.
    ///
    /// Inlinable, so that queued intents and messages (concurrent senders, async work) run
    /// through code specialized for the feature, like the fast path; the rest goes to
    /// ``perform(_:)``. Input from async work is checked under the same lock that takes it
    /// off the queue: work cancelled by then has its input dropped.
    @inlinable func drainQueued() {
        var share = Self.fairShare
        while let (work, liveness) = control.withLock({ control -> (Work<F>, WorkLiveness)? in
            guard let next = control.pending.popFirst() else {
                control.isDraining = false
                return nil
            }
            guard let token = next.workToken else { return (next, .live) }
            return (next, control.liveness(ofWork: token))
        }) {
            if _slowPath(liveness != .live) {
                drop(work, liveness)
                continue
            }
            switch work {
            case .intent(let intent):
                execute(intent)
            case .message(let message, _, let continuation):
                apply(message)
                continuation?.resume()
            default:
                perform(work)
            }
            share -= 1
            if _slowPath(share == 0), handOverDraining() { return }
        }
    }

    /// After a fair share: lets go of the drain claim while work still waits, so the thread
    /// that drained returns to its caller. The next thread to queue work takes the claim and
    /// drains the queue before its own work (order is kept); a task is started to drain it
    /// if nobody comes. `false` if the queue is empty: the caller goes on (and lets go).
    @usableFromInline func handOverDraining() -> Bool {
        let handedOver = control.withLock { control -> Bool in
            guard !control.pending.isEmpty else { return false }
            control.isDraining = false
            return true
        }
        if handedOver { Task { self.drainIfAbandoned() } }
        return handedOver
    }

    /// Drains work left waiting by a drainer that handed over, unless someone took it.
    func drainIfAbandoned() {
        let claimed = control.withLock { control -> Bool in
            guard !control.isDraining, !control.isCancelled, !control.pending.isEmpty else { return false }
            control.isDraining = true
            return true
        }
        if claimed { drainQueued() }
    }

    /// Drops input that can no longer be applied: its async sender is resumed, and input
    /// from a context that outlived its work is reported.
    @usableFromInline func drop(_ work: Work<F>, _ liveness: WorkLiveness) {
        abandon(work)
        guard liveness == .ended else { return }
        let action: StoreMisuse.Action
        switch work {
        case .sideEffect: action = .post
        case .intent: action = .send
        default: action = .dispatch
        }
        report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.contextUsedAfterWorkEnded(action)))
    }

    @usableFromInline func perform(_ work: Work<F>) {
        switch work {
        case .intent(let intent):
            execute(intent)
        case .message(let message, _, let continuation):
            apply(message)
            continuation?.resume()
        case .sideEffect(let sideEffect, _, let continuation):
            deliver(sideEffect)
            continuation?.resume()
        case .returnedSideEffect(let sideEffect):
            redeliver(sideEffect)
        case .bootstrap:
            drainer.isExecuting = hasMiddleware
            feature.bootstrap(StoreContext(core: self))
            drainer.isExecuting = false
            if wants(.started) { emit(.started) }
        case .addObserver(let observer):
            guard observer.isOpen else { break }  // cancelled before it got here
            drainer.observers.append(observer)
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(drainer.state) }
        case .removeObserver(let observer):
            drainer.observers.removeAll { $0 === observer }
        case .addSideEffectHandler(let handler):
            addSideEffectHandler(handler)
        case .removeSideEffectHandler(let handler):
            drainer.sideEffectHandlers.removeAll { $0 === handler }
        case .show(let state):
            stateLock.withLock { _ in  // under the lock: `liveState` reads it from any thread
                if drainer.liveWhileShowing == nil { drainer.liveWhileShowing = StateBox(drainer.state) }
                drainer.state = state
            }
            notifyObservers()
        case .restore:
            guard let live = drainer.liveWhileShowing?.value else { break }
            stateLock.withLock { _ in
                drainer.liveWhileShowing = nil
                drainer.state = live
            }
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
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(state) }
            observer.finish()
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
            let me = ThreadIdentity.current
            if hasRecorder {
                reduceRecording(message)
            } else {
                reduce(message, on: me)
            }
            notifyObservers(on: me)
        }
    }

    /// ``apply(_:)`` with middleware observing steps; out of line like
    /// ``executeObserved(_:)``.
    @inlinable @inline(never) func applyObserved(_ message: F.Message) {
        if wants(.message) { emit(.message(message)) }
        let me = ThreadIdentity.current
        if hasRecorder {
            reduceRecording(message)
        } else {
            reduce(message, on: me)
        }
        if wants(.state) { emit(.state(drainer.state)) }
        notifyObservers(on: me)
    }

    /// Calls every observer with the state, each through its gate, so that none is called
    /// once its subscription's `cancel()` has returned.
    @inlinable func notifyObservers() {
        if drainer.observers.isEmpty { return }
        notifyObservers(on: ThreadIdentity.current)
    }

    /// ``notifyObservers()`` on thread `me`, known already.
    @inlinable func notifyObservers(on me: UInt) {
        var index = 0
        while index < drainer.observers.count {
            let observer = drainer.observers[index]
            _ = observer.call(as: me) { observer.onState(drainer.state) }
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
    @usableFromInline package func report(_ error: StoreError) {
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
            control.cancelledTasks.removeAll()
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
        // On this thread even when another one drains (the state keeper's final save).
        runCancelHandlers(drainingElsewhere: !claimed)
    }

    private func terminate() {
        let observers = drainer.observers
        drainer.observers.removeAll()
        drainer.sideEffectHandlers.removeAll()
        for observer in observers { observer.finish() }
        if wants(.cancelled) { emit(.cancelled) }
        pipeline?.recorder?.detach()
    }
}
