import Synchronization

/// The drain half of a store: what runs while holding the drain claim, and the state it writes.
///
/// Who drains, what is queued, held, started and cancelled is decided by the scheduler
/// (``StoreScheduler``, this type's superclass: the lock, ``SchedulingStateMachine`` and each
/// transition with the action it returns). This type asks it, then acts on the action outside
/// its lock: it runs `execute`, `reduce`, the observers, the side-effect handlers, middleware,
/// the recorder's appends, and time travel's show and restore. One thread at a time holds the
/// drain claim, so reductions are serial and ordered, and a re-entrant send just queues.
///
/// Two locks, both ``Lock``, never held together and never around user code but `reduce`:
/// - the scheduler's `lock` guards the scheduling (``StoreScheduler``). Nothing user-written
///   runs under it, so queuing input never waits for a `reduce`, an `execute` or an observer.
/// - `stateLock`, this type's, guards writes of `drainer.state` (and the time-travel record
///   written with them, and the live state kept aside while another is shown). The claim
///   holder reduces under it; readers on other threads take it to read. The claim holder
///   reads without it (only the claim holder writes). A reader on the thread that is reducing
///   (a reducer reading the store) is told so, instead of deadlocking.
///
/// Only this type's files (`Store/Drain/`) take `stateLock` or touch `drainer`
/// (`.ci/owners-lint` checks it); everything else goes through their methods.
@usableFromInline
package final class StoreCore<F: Feature>: StoreScheduler<F>, @unchecked Sendable {  // `drainer`: see above
    /// What the drain-claim holder touches: written only by it; `state` (and
    /// `liveWhileShowing`) written under `stateLock`, so that other threads may read them
    /// under it.
    @usableFromInline
    struct Drainer {
        @usableFromInline var state: F.State
        @usableFromInline var observers = StateObservers<F.State>()
        @usableFromInline var sideEffectHandlers: [SideEffectHandler<F.SideEffect>] = []
        /// The store's own state while time travel shows another one; restored on resume.
        /// Boxed: it is rarely used, and an inline optional state would grow every store.
        @usableFromInline var liveWhileShowing: StateBox<F.State>?
        /// Whether `execute` or `bootstrap` is on the stack; kept only when there is middleware.
        /// Last, so that `hasMiddleware` after `drainer` shares its padding.
        @usableFromInline var isExecuting = false
        /// Whether the observer that cancels the work of removed children is there
        /// (StoreCore+ChildWork.swift).
        @usableFromInline var watchesChildrenWithWork = false
        /// While an intent sent with ``Store/sendAwaitingWork(_:)`` executes: what collects
        /// the work it starts.
        @usableFromInline var awaitedWork: AwaitedWork?

        @inlinable init(state: F.State) { self.state = state }
    }

    /// The name, error handler, side-effect policy and input bound given at creation; `nil`
    /// when all are the defaults (the name then made only when asked for), so that a plain
    /// store carries one pointer for them.
    @usableFromInline let settings: StoreSettings?
    @usableFromInline let feature: F
    /// The thread running `reduce` right now, or 0: lets a read of the state from inside a
    /// reducer fail with a message instead of a deadlock, and a send from it be reported.
    @usableFromInline let reducingThread: Atomic<UInt>
    /// Guarded by the drain claim (one thread at a time); `state` also by `stateLock`.
    // Unchecked exclusivity: every write holds the drain claim (and `stateLock` for the
    // state), every read from another thread holds `stateLock`, which is stronger than the
    // dynamic check; the check would begin a dynamic access (a runtime call) at each of the
    // several accesses of a plain send.
    @usableFromInline @exclusivity(unchecked) var drainer: Drainer
    /// The kinds of event some middleware observes, one bit each (``StoreEvent/Kind``),
    /// plus ``Pipeline/recordingBit`` when a recorder is attached.
    @usableFromInline let middlewareInterest: UInt16
    /// Guards writes of `drainer.state` and `drainer.liveWhileShowing`, and reads of them
    /// from threads that do not hold the drain claim (see the type's comment).
    /// Beside `middlewareInterest`, so that the two share one 8-byte slot.
    @usableFromInline let stateLock = Lock()
    /// The middleware and the recorder; `nil` without middleware, so that a plain store
    /// carries one empty pointer.
    @usableFromInline let pipeline: Pipeline<F>?
    /// The name given at creation; `nil` for the default.
    @inlinable var givenName: String? { settings?.givenName }
    /// Receives the store's failures.
    @inlinable var errorHandler: StoreErrorHandler { settings?.errorHandler ?? .standardError }
    /// How side effects are delivered.
    @inlinable var policy: SideEffectPolicy { settings?.policy ?? .default }
    /// A test harness's executor and failure observers (StoreCore+TestSupport.swift); empty in apps.
    @usableFromInline let testSupport = AtomicReference<StoreTestSupport>()

    /// Inlinable, like ``Store/init(_:initialState:name:middleware:sideEffects:pendingInputLimit:onError:environment:sharing:start:)``:
    /// creating a store runs code specialized for its feature.
    @inlinable convenience init(
        feature: F,
        initialState: F.State,
        name: String?,
        middleware: [any Middleware<F>],
        sideEffects: SideEffectPolicy,
        errorHandler: StoreErrorHandler
    ) {
        self.init(
            feature: feature, initialState: initialState, middleware: middleware,
            settings: name == nil && errorHandler.isStandardError && sideEffects == .default
                ? nil : StoreSettings(givenName: name, errorHandler: errorHandler, policy: sideEffects))
    }

    /// A store whose pending input is bounded, or whose feature runs in an environment: out
    /// of line, so that a plain store's creation does not carry them (budgets.tsv:
    /// create-store).
    @usableFromInline convenience init(
        feature: F,
        initialState: F.State,
        name: String?,
        middleware: [any Middleware<F>],
        sideEffects: SideEffectPolicy,
        errorHandler: StoreErrorHandler,
        pendingInputLimit: Int?,
        environment: (any ExecutionEnvironment)?,
        recordedCalls: RecordedCalls? = nil,
        sharing: [StateSharing<F.State>] = []
    ) {
        self.init(
            feature: feature, initialState: initialState, middleware: middleware,
            settings: StoreSettings(
                givenName: name, errorHandler: errorHandler, policy: sideEffects, pendingInputLimit: pendingInputLimit,
                environment: environment, recordedCalls: recordedCalls,
                sharing: sharing.isEmpty ? nil : SharingLinks<F>(sharing)))
        if let pendingInputLimit { bound(inputTo: pendingInputLimit) }
    }

    @inlinable init(feature: F, initialState: F.State, middleware: [any Middleware<F>], settings: StoreSettings?) {
        self.settings = settings
        self.feature = feature
        self.reducingThread = Atomic(0)
        self.drainer = Drainer(state: initialState)
        let settingsBits = settings?.interestBits ?? 0
        if middleware.isEmpty {
            self.pipeline = nil
            self.middlewareInterest = settingsBits
        } else {
            let (pipeline, interest) = Self.makePipeline(middleware, storeName: settings?.givenName)
            self.pipeline = pipeline
            self.middlewareInterest = interest | settingsBits
        }
        super.init()
        if !middleware.isEmpty { attachRecorder() }
    }

    /// The pipeline of a store with middleware and the kinds of event it observes: out of
    /// line, off the plain store's path.
    @usableFromInline static func makePipeline(
        _ middleware: [any Middleware<F>], storeName name: String?
    ) -> (Pipeline<F>, UInt16) {
        let pipeline = Pipeline(middleware, storeName: Self.name(given: name))
        return (pipeline, pipeline.interest)
    }

    /// Attaches the pipeline's recorder, if any, to this store.
    @usableFromInline func attachRecorder() {
        guard let recorder = pipeline?.recorder else { return }
        recorder.attach(self, calls: settings?.recordedCalls)
        noteRecordingSession(recorder.session)
    }

    /// The store's name: as given, or derived from the feature's type.
    @usableFromInline package var name: String {
        Self.name(given: givenName)
    }

    /// The name of a store of this feature created with `givenName`.
    static func name(given givenName: String?) -> String {
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
        return stateLock.withLock { drainer.state }
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
        withReducing(on: me) { F.reduceKeepingSharedElements(&drainer.state, message) }
    }

    /// Runs `body`, which reduces, under the state lock, marked as reducing on thread `me`.
    @inlinable func withReducing(on me: UInt, _ body: () -> Void) {
        reducingThread.store(me, ordering: .relaxed)
        stateLock.withLock { body() }
        reducingThread.store(0, ordering: .relaxed)
    }

    /// The state, for the drain-claim holder only (no lock: only it writes).
    @inlinable var drainerState: F.State {
        _read { yield drainer.state }
    }

    /// Whether `execute` or `bootstrap` is on the stack (kept only when there is middleware);
    /// for the drain-claim holder.
    @inlinable var isExecuting: Bool { drainer.isExecuting }

    /// Runs `body` with the state under `stateLock`: for a reader on another thread that must
    /// see the state and what was recorded with it together (time travel's controller).
    func withStateLocked<Result: Sendable>(_ body: (F.State) -> Result) -> Result {
        stateLock.withLock { body(drainer.state) }
    }

    /// The store's own state, for any thread: while time travel shows a recorded state
    /// (``StoreHooks/show(_:)``), the live one kept aside, never the shown one.
    package var liveState: F.State {
        stateLock.withLock { drainer.liveWhileShowing?.value ?? drainer.state }
    }

    // MARK: Input

    /// The send path: claims the store and executes at once, or queues the intent. `atBound`:
    /// what a bounded store at its bound does with it (a plain send's is dropped and reported;
    /// `StoreContext.send`'s, the store's own, is queued all the same).
    /// `cause`: why it was sent, kept while time travel records causes (``execute(_:_:)``).
    @inlinable func send(
        _ intent: F.Intent, atBound: SchedulingStateMachine<F>.AtBound = .drop, cause: InputCause = .none
    ) {
        let action = schedule(intent: intent, atBound: atBound, cause: cause)
        if _fastPath(action == .run) {
            execute(intent, cause.site)
            drain()
        } else if action == .queued {
            // Queued for the thread that drains (the contended path): no `QueueItem` is built
            // here, since each copy of one goes through its value witnesses.
            if _slowPath(reducingThread.load(ordering: .relaxed) == ThreadIdentity.current) { reportSendDuringReduce() }
        } else {
            afterSubmitting(action, .intent(intent))
        }
    }

    /// A send from inside a reducer: it stays queued, and the misuse is reported.
    @usableFromInline func reportSendDuringReduce() {
        report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.sendDuringReduce))
    }

    /// Runs a control item (a subscription, a shown state, a failure) or input from async
    /// work now if no one is draining, or queues it for the thread that is.
    @usableFromInline func submit(_ item: QueueItem<F>) {
        let action = schedule(item)
        if action == .run {
            perform(item)
            drain()
        } else {
            afterSubmitting(action, item)
        }
    }

    /// Sends an intent from `execute` or the bootstrap (`StoreContext.send`, on the draining
    /// thread): queued all the same in a bounded store, and, while time travel records
    /// causes, kept as sent by the intent being executed.
    @inlinable func sendFromExecute(_ intent: F.Intent, site: CallSite) {
        var cause = InputCause(site: site)
        if _slowPath(hasRecorder) { cause.intentSlot = withRecorder { $0.currentIntentSlot } }
        send(intent, atBound: .admit, cause: cause)
    }

    /// Sends an intent for async work, unless the work was cancelled or has ended.
    func sendFromWork(_ intent: F.Intent, work token: Int, site: CallSite) {
        let cause = InputCause(site: site, work: token)
        let item: QueueItem<F> = tracesCauses ? .traced(TracedInput(.intent(intent), cause)) : .intent(intent)
        let action = schedule(item, fromWork: token)
        if action == .run {
            withInputCause(cause) { execute(intent, site) }
            drain()
        } else {
            afterSubmitting(action, item)
        }
    }

    /// What a submitter does when it did not get to run its work at once: drain the queue
    /// it took over, drop the work, or (queued) nothing but note a send from inside `reduce`.
    @inlinable func afterSubmitting(_ action: SchedulingStateMachine<F>.SubmitAction, _ item: QueueItem<F>) {
        switch action {
        case .run:
            perform(item)
            drain()
        case .drainQueue:
            drainQueued()
        case .drop(let liveness):
            drop(item, liveness)
        case .queued:
            if case .intent = item.untraced, reducingThread.load(ordering: .relaxed) == ThreadIdentity.current {
                reportSendDuringReduce()
            }
        case .refused:
            if case .intent(let intent) = item.untraced { reportInputOverflow(intent) }
            if case .awaitedIntent(let awaited) = item {
                reportInputOverflow(awaited.intent)
                awaited.work.executed()
            }
        case .waitsForRoom:
            break  // only an async sender waits, and it does not come here
        }
    }

    /// The drainer finished its own item: lets go, or drains what was queued meanwhile.
    @inlinable func drain() {
        // The common case, a lone sender: nothing was queued meanwhile. Checked without
        // touching a `QueueItem` value, so the hot path does no generic enum handling.
        if !drained() { drainQueued() }
    }

    /// How much queued items a draining thread processes before it hands the drain claim
    /// over: a sender waits for its own item and at most this many others' inputs.
    @inlinable static var fairShare: Int { 1024 }

    /// Processes queued items until none is left (the machine then releases the claim), or
    /// until a fair share of it is done and the claim is handed over.
    ///
    /// Inlinable, so that queued intents and messages (concurrent senders, async work) run
    /// through code specialized for the feature, like the fast path. Input from async work is
    /// judged live or not by the same transition that takes it off the queue: work cancelled
    /// by then has its input dropped.
    ///
    /// An intent is taken with the intents queued right behind it, lent in one critical
    /// section (``SchedulingStateMachine/next(lendingInto:)``): concurrent senders queue
    /// runs of intents, and taking the lock once per intent, on the line the senders write,
    /// cost the drainer more than running them (mvi-bench's `concurrent-send`, a time that no
    /// budget checks). The lent intents live on this stack frame. Kept out of line (but
    /// specialized): the send path only calls it when something was queued meanwhile.
    @inlinable @inline(never) func drainQueued() {
        withUnsafeTemporaryAllocation(of: QueueItem<F>.self, capacity: Self.lendingCapacity) { lent in
            drainQueued(lendingInto: lent)
        }
    }

    /// At most how many intents the drainer borrows at once: 32, or fewer when the feature's
    /// `QueueItem` values are over 32 bytes, so that the buffer stays within 1 KiB of stack.
    @inlinable static var lendingCapacity: Int {
        min(32, max(1, 1024 / MemoryLayout<QueueItem<F>>.stride))
    }

    /// ``drainQueued()`` with its buffer for lent intents.
    @inlinable func drainQueued(lendingInto lent: UnsafeMutableBufferPointer<QueueItem<F>>) {
        var share = Self.fairShare
        while true {
            // Moved out of the action, not copied: a copy of a `QueueItem` goes through its value
            // witnesses, with metadata look-ups (most of a contended send's cost, measured).
            // Never more than the fair share: the sender's promise counts lent intents too.
            let room = UnsafeMutableBufferPointer(rebasing: lent.prefix(max(0, share - 1)))
            let (action, lentCount) = next(lendingInto: room)
            guard case .run(let item, let liveness) = consume action else { return }
            if _slowPath(liveness != .live) {
                drop(item, liveness)
                continue
            }
            perform(item)
            share -= lentCount + 1
            if lentCount > 0 { performLent(lent, count: lentCount) }
            if _slowPath(share <= 0) {
                handOverDraining()
                return
            }
        }
    }

    /// Runs the `count` intents lent in `lent`, in order, unless they are recalled: then
    /// those not started go back to the machine.
    @inlinable func performLent(_ lent: UnsafeMutableBufferPointer<QueueItem<F>>, count: Int) {
        // Not nil: the buffer has room for at least one intent, or none would be lent.
        let base = lent.baseAddress.unsafelyUnwrapped
        for index in 0..<count {
            if _slowPath(lentIntentsAreRecalled) {
                giveBackLent(UnsafeMutableBufferPointer(start: base + index, count: count - index))
                return
            }
            noteLentIntents(remaining: count - index - 1)
            perform((base + index).move())
        }
    }

    /// Gives the machine back lent intents that will not run now (the store was cancelled or
    /// holds its input), and abandons those it drops.
    @usableFromInline func giveBackLent(_ rest: UnsafeMutableBufferPointer<QueueItem<F>>) {
        let intents = rest.indices.map { (rest.baseAddress.unsafelyUnwrapped + $0).move() }
        let abandoned = takeBack(intents)
        for item in abandoned { abandon(item) }
    }

    /// Stops holding input (``StoreHooks/resumeInput()``): drains what was held if this
    /// thread took the claim.
    func resumeInput() {
        if resumeTransition() { drain() }
    }

    /// Executes `intent` on this store, which nobody else can reach (a sandbox made for
    /// ``StoreHooks/executeDetached(_:from:)``): holding, so that whatever the intent sends or
    /// its work dispatches waits and is dropped with the store, then started, which claims it
    /// for this thread, without its bootstrap. Time travel's detached execution needs no state
    /// of the scheduling machine of its own: it is these two general transitions.
    func executeDetached(_ intent: F.Intent) {
        holdInput()
        // A fresh store that nobody else can reach: starting it always claims it.
        guard startTransition() == .runBootstrap else { return }
        execute(intent, .none)
        _ = drained()
    }

    /// After a fair share: lets go of the drain claim, so the thread that drained returns to
    /// its caller. If items still wait, the next thread to queue an item takes the claim and
    /// drains the queue before its own item (order is kept); a task is started to drain it
    /// if nobody comes.
    ///
    /// Inlinable (but kept out of line), so that the task drains through code specialized for
    /// the feature: unspecialized, every queued intent was copied and destroyed through `QueueItem`'s
    /// generic value witnesses, with metadata look-ups (half the instructions of a contended
    /// `concurrent-send` run went there).
    @inlinable @inline(never) func handOverDraining() {
        guard handOver() else { return }
        Task {
            if self.claimAbandonedQueue() { self.drainQueued() }
        }
    }

    /// Drops input that can no longer be applied: its async sender is resumed, and input
    /// from a context that outlived its work is reported.
    @usableFromInline func drop(_ item: QueueItem<F>, _ liveness: WorkLiveness) {
        abandon(item)
        guard liveness == .ended else { return }
        let action: StoreMisuse.Action
        switch item.untraced {
        case .sideEffect: action = .post
        case .intent, .awaitedIntent: action = .send
        default: action = .dispatch
        }
        report(StoreError(storeName: name, origin: .misuse, underlying: StoreMisuse.contextUsedAfterWorkEnded(action)))
    }

    /// Runs one queue item on the draining thread.
    @inlinable func perform(_ item: consuming QueueItem<F>) {
        switch consume item {
        case .intent(let intent):
            execute(intent, .none)
        case .message(let message, _, let continuation):
            apply(message, .none)
            continuation?.resume()
        case .traced(let traced):
            performTraced(traced.item, traced.cause)
        case .sharedChange(let link):
            // Here, not in `performControl`: that one is not specialized, and each store a
            // shared change reaches went through its generic switch (budgets.tsv:
            // shared-write-2, shared-write-100).
            link.apply()
        case let control:
            performControl(control)
        }
    }

    /// ``perform(_:)`` for input queued with its cause (while time travel records causes).
    /// Out of line: only a traced store comes here.
    @inlinable @inline(never) func performTraced(_ item: QueueItem<F>, _ cause: InputCause) {
        withInputCause(cause) {
            switch item {
            case .intent(let intent):
                execute(intent, cause.site)
            case .message(let message, _, let continuation):
                apply(message, cause.site)
                continuation?.resume()
            case .sideEffect(let sideEffect, _, let continuation):
                deliver(sideEffect, cause.site)
                continuation?.resume()
            default:
                perform(item)
            }
        }
    }

    /// ``perform(_:)`` for what is not an intent or a message: out of line, so that queued
    /// input stays on the specialized path without carrying all of this.
    @usableFromInline func performControl(_ item: QueueItem<F>) {
        switch item {
        case .intent, .message, .traced:
            perform(item)
        case .awaitedIntent(let awaited):
            drainer.awaitedWork = awaited.work
            execute(awaited.intent, .none)
            drainer.awaitedWork = nil
            awaited.work.executed()
        case .sideEffect(let sideEffect, _, let continuation):
            deliver(sideEffect, .none)
            continuation?.resume()
        case .returnedSideEffect(let sideEffect):
            redeliver(sideEffect)
        case .bootstrap:
            runBootstrap()
        case .addObserver(let observer):
            guard observer.isOpen else { break }  // cancelled before it got here
            drainer.observers.append(observer)
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(drainer.state) }
        case .removeObserver(let observer):
            drainer.observers.remove(observer)
        case .addSideEffectHandler(let handler):
            addSideEffectHandler(handler)
        case .removeSideEffectHandler(let handler):
            drainer.sideEffectHandlers.removeAll { $0 === handler }
        case .replaceState(let state):
            replaceState(with: state)
        case .sharedChange(let link):
            link.apply()
        case .show(let state):
            stateLock.withLock {  // under the lock: `liveState` reads it from any thread
                if drainer.liveWhileShowing == nil { drainer.liveWhileShowing = StateBox(drainer.state) }
                drainer.state = state
            }
            notifyObservers()
        case .restore:
            guard let live = drainer.liveWhileShowing?.value else { break }
            stateLock.withLock {
                drainer.liveWhileShowing = nil
                drainer.state = live
            }
            notifyObservers()
        case .failure(let error):
            if hasRecorder { recordFailure(error) }
            if wants(.failure) { emit(.failure(error)) }
        case .terminate:
            terminate()
        }
    }

    /// What happens to an item that can never run: async senders waiting on it are resumed,
    /// observers that wanted to start watching get the final state and finish.
    func abandon(_ item: QueueItem<F>) {
        switch item {
        case .addObserver(let observer):
            let me = ThreadIdentity.current
            _ = observer.call(as: me) { observer.onState(state) }
            observer.finish()
        default:
            item.abandon()
        }
    }

    // MARK: The pipeline

    /// Whether middleware observes the steps of the pipeline (intents, messages, states,
    /// side effects, failures): then each step takes the observed path. Middleware that sees
    /// only a store's creation, start and end (time travel's) leaves the send path as it is.
    @inlinable var hasMiddleware: Bool { middlewareInterest & Pipeline<F>.stepBits != 0 }

    /// The bit of ``middlewareInterest`` that says the store has an ``ExecutionEnvironment``:
    /// `execute` tests it with the middleware's bits, so a store without one pays nothing.
    @inlinable static var environmentBit: UInt16 { 1 << 14 }

    /// Whether `apply` takes the out-of-line path: middleware watches the steps, or the store
    /// shares parts of its state.
    @inlinable var appliesWatched: Bool {
        middlewareInterest & (Pipeline<F>.stepBits | Self.sharingBit) != 0
    }

    /// Whether `execute` takes the out-of-line path: middleware watches the steps, or the
    /// feature's code runs inside an environment.
    @inlinable var executesWatched: Bool {
        middlewareInterest & (Pipeline<F>.stepBits | Self.environmentBit) != 0
    }

    /// Whether some middleware observes events of `kind`: if not, none is built.
    @inlinable func wants(_ kind: StoreEvent<F>.Kind) -> Bool {
        middlewareInterest & UInt16(kind.bit) != 0
    }

    // Three paths per step: plain, recorded and watched by middleware. Each copy pays for
    // itself (budgets.tsv: send-1sub, send-1sub-timetravel): with one path holding the hooks,
    // `send` no longer inlined it, and a plain send paid for it; with the recorder folded
    // into the middleware's out-of-line path, a recorded send cost more. So the recorder's
    // hooks (the `hasRecorder` branches below) stay in the core, and a plain send pays
    // nothing for them (the recorder's bit shares the middleware test).

    /// Executes an intent.
    ///
    /// `site` is where the intent was sent (the work or intent that sent it, if any, is
    /// noted beside, see ``StoreRecorder/inputWork``): kept only while time travel records
    /// causes, otherwise never read.
    @inlinable func execute(_ intent: F.Intent, _ site: CallSite) {
        if _slowPath(executesWatched) {
            executeWatched(intent, site)
        } else if _slowPath(hasRecorder) {  // kept in the core: see the note above (405 against 374)
            recordIntent(intent, site)
            feature.execute(intent, StoreContext(core: self))
            recordEndOfIntent()
        } else {
            feature.execute(intent, StoreContext(core: self))
        }
    }

    /// ``execute(_:)`` watched by middleware (and maybe recorded): the recorder holds the
    /// intent back (to share a slot with its first message), middleware sees it, and the
    /// store notes that it is executing. Out of line (but specialized), so that the plain
    /// path stays small enough to be inlined into `send`.
    @inlinable @inline(never) func executeWatched(_ intent: F.Intent, _ site: CallSite) {
        if hasRecorder { recordIntent(intent, site) }
        if wants(.intent) { emit(.intent(intent), kind: .intent) }
        // Re-entrant sends are queued, so executions never nest: a flag is enough.
        // Read only by middleware, so a store with an environment and none may set it too.
        drainer.isExecuting = true
        if _slowPath(hasEnvironment) {
            executeInEnvironment(intent)
        } else {
            feature.execute(intent, StoreContext(core: self))
        }
        drainer.isExecuting = false
        if wants(.intent) { emitIntentExecuted() }
        // An intent that dispatched nothing gets a recorded slot of its own.
        if hasRecorder { recordEndOfIntent() }
    }

    /// Whether the store has an ``ExecutionEnvironment`` (``environmentBit``).
    @inlinable var hasEnvironment: Bool { middlewareInterest & Self.environmentBit != 0 }

    /// Runs the feature's `execute` inside the store's environment. Out of line, so that
    /// middleware's path keeps its size (inline, the closure made every watched send dearer;
    /// budgets.tsv: middleware-noop).
    @inlinable @inline(never) func executeInEnvironment(_ intent: F.Intent) {
        guard let environment = settings?.environment else { return feature.execute(intent, StoreContext(core: self)) }
        environment.withEnvironment { feature.execute(intent, StoreContext(core: self)) }
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
        if _slowPath(appliesWatched) {
            applyWatched(message, site)
        } else {
            let me = ThreadIdentity.current
            if _slowPath(hasRecorder) {  // kept in the core: see the note above `execute` (405 against 374)
                reduceRecording(message, site)
            } else {
                reduce(message, on: me)
            }
            notifyObservers(on: me)
        }
    }

    /// ``apply(_:)`` watched: middleware sees the message and the state if it asked for
    /// them; a recorder records the message in the same critical section as the reduction.
    /// Out of line like ``executeWatched(_:)``.
    @inlinable @inline(never) func applyWatched(_ message: F.Message, _ site: CallSite) {
        if hasSharing { return applySharing(message, site) }
        if wants(.message) { emit(.message(message), kind: .message) }
        let me = ThreadIdentity.current
        if hasRecorder {
            reduceRecording(message, site)
        } else {
            reduce(message, on: me)
        }
        if wants(.state) { emit(.state(drainer.state), kind: .state) }
        notifyObservers(on: me)
    }

    /// Calls every observer with the state, each through its gate, so that none is called
    /// once its subscription's `cancel()` has returned.
    @inlinable func notifyObservers() {
        if drainer.observers.isEmpty { return }
        notifyObservers(on: ThreadIdentity.current)
    }

    /// ``notifyObservers()`` on thread `me`, known already.
    ///
    /// Neither the observers nor the state are retained around the callbacks: nothing can
    /// change either while they run. A callback's subscribe, cancel, send or state
    /// replacement is queued behind this step, and only this thread writes the state or the
    /// list. Retaining them cost two retain-release pairs (four atomic operations) per
    /// observer and send (budgets.tsv: send-1sub, send-100sub).
    @inlinable func notifyObservers(on me: UInt) {
        if let observer = drainer.observers.single {
            Self.notify(observer, of: &drainer.state, on: me)
        } else if case .many(let observers) = drainer.observers.storage {
            observers.withUnsafeBufferPointer { observers in
                // Read as unmanaged references (the same layout), so that none is retained.
                observers.withMemoryRebound(to: Unmanaged<StateObserver<F.State>>.self) { observers in
                    for observer in observers { Self.notify(observer, of: &drainer.state, on: me) }
                }
            }
        }
    }

    /// Calls one observer with the state, through its gate. `inout` only so that the state
    /// is passed on from the store's storage instead of copied: it is not written.
    @inlinable @inline(__always)
    static func notify(_ observer: Unmanaged<StateObserver<F.State>>, of state: inout F.State, on me: UInt) {
        // Unretained: the list holds the observer, and it does not change during the call.
        observer._withUnsafeGuaranteedRef { observer in
            guard observer.enter(as: me) else { return }
            observer.onState(state)
            observer.leave(as: me)
        }
    }

    /// Shows an event to the middleware that observe its kind. Inlinable, so that it is
    /// specialized for the feature where the store is used.
    @inlinable func emit(_ event: StoreEvent<F>) {
        emit(event, kind: event.kind)
    }

    /// ``emit(_:)`` for an event whose kind the caller knows (the send path's intents,
    /// messages and states): no switch over the event to find it.
    @inlinable @inline(__always) func emit(_ event: StoreEvent<F>, kind: StoreEvent<F>.Kind) {
        guard let links = pipeline?.unmanagedLinks else { return }
        let bit = kind.bit
        let context = MiddlewareContext(core: self, eventKind: kind)
        // Called without reference counting: the pipeline, a constant of this store, owns them.
        for link in links {
            link._withUnsafeGuaranteedRef { link in
                if link.mask & bit != 0 { link.handle(event, context) }
            }
        }
    }

    // MARK: Failures

    /// Reports a failure from the draining thread.
    func reportFromDrainer(_ error: StoreError) {
        errorHandler(error)
        if hasRecorder { recordFailure(error) }
        if wants(.failure) { emit(.failure(error)) }
    }

    /// Reports a failure from any thread: the handler is called at once, middleware and the
    /// recorder see it in order through the pipeline.
    @usableFromInline package func report(_ error: StoreError) {
        errorHandler(error)
        showFailureToTestSupport(error)
        if wants(.failure) || hasRecorder { submit(.failure(error)) }
    }

    // MARK: Lifecycle

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
        if _slowPath(hasRecorder) { withRecorder { $0.currentIntentSlot = StoreRecorder<F>.bootstrapSlot } }
        if _slowPath(hasEnvironment), let environment = settings?.environment {
            environment.withEnvironment { feature.bootstrap(StoreContext(core: self)) }
        } else {
            feature.bootstrap(StoreContext(core: self))
        }
        if _slowPath(hasRecorder) { withRecorder { $0.currentIntentSlot = 0 } }
        drainer.isExecuting = false
        if wants(.started) { emit(.started) }
    }

    /// Ends the store (``Store/cancel()``).
    ///
    /// A store that nobody drains and that has nothing to end (no queued items, tasks, held
    /// input, async listeners, observers, side-effect handlers, middleware or cancel
    /// handlers: ``SchedulingStateMachine/isQuiet``) is only marked cancelled: what `deinit`
    /// runs for a store that was never subscribed to. Nothing can be added meanwhile, since
    /// every addition goes through the machine and finds the store cancelled.
    func cancel() {
        let quiet = cancelIfQuiet(hasPipeline: pipeline != nil)
        if quiet == false { cancelUsedStore() }
    }

    /// ``cancel()`` for a store that has something to end. Apart, so that the quiet path
    /// looks up none of the generic types this one needs.
    @inline(never) private func cancelUsedStore() {
        let (cancelled, hasCancelHandlers) = cancelTransition()
        guard let action = cancelled else { return }
        for task in action.tasks { task.cancel() }
        for item in action.abandoned { abandon(item) }
        if let bound = action.cancelledBound { resumeWaitingSenders(of: bound) }
        if action.terminatesNow {
            perform(.terminate)
            drain()
        }
        // On this thread even when another one drains (the state keeper's final save).
        if hasCancelHandlers { runCancelHandlers(drainingElsewhere: !action.terminatesNow) }
    }

    private func terminate() {
        let observers = drainer.observers.removeAll()
        drainer.sideEffectHandlers.removeAll()
        for observer in observers { observer.finish() }
        detachSharing()
        if wants(.cancelled) { emit(.cancelled) }
        pipeline?.recorder?.detach()
    }
}
