/// Who processes a store's queue, and what waits: the store's scheduling, as one plain value.
///
/// Every decision about the drain claim, the queue, held input, the store's tasks and its end
/// is a transition here: a `mutating` method that changes the machine and returns what the
/// caller must do (an action). ``StoreScheduler`` holds the machine under its lock and calls
/// one transition per critical section; ``StoreCore``, the drain, performs the action after
/// the lock is let go: running user code, resuming continuations, cancelling tasks. Nothing here calls user code
/// or blocks, so the machine is tested directly, without threads
/// (`SchedulingStateMachineTests`). swift-async-algorithms' `DebounceStateMachine` is the
/// model.
///
/// The rules it keeps:
/// - One thread at a time drains (holds the claim, `isDraining`): it runs its own item, then
///   what others queued meanwhile, in arrival order, then lets go. So reductions are serial
///   and re-entrant sends queue.
/// - Input (intents, messages and side effects of async work) waits in `held` before the
///   store starts and while time travel holds it; control items (subscriptions, a shown state,
///   the end) never waits there.
/// - A drainer hands the claim over after a fair share of others' items; whoever queues next
///   takes it and drains the queue before its own item, so order is kept.
/// - Input from async work is applied only while the work is live: cancelled work's input is
///   dropped quietly, input from a context that outlived its work is dropped and reported.
/// - A bounded store (``bound(inputTo:)``) admits input from senders outside the store only
///   while fewer inputs than its capacity are queued or held: at the bound a plain send is
///   refused (the caller reports it) and an async sender waits, with its intent, in
///   ``InputBound/roomWaiters``. Each input taken off the queue frees room, and the first waiter's
///   intent is queued in its place (``takeAdmittedSender()`` hands its continuation out). The
///   store's own input (re-entrant sends from `execute`, async work's input, replaced states)
///   counts but is never refused.
@usableFromInline
struct SchedulingStateMachine<F: Feature>: Sendable {
    /// Items that arrived while another thread was draining, in arrival order.
    @usableFromInline var pending = FIFOQueue<QueueItem<F>>()
    /// What only some stores use (held input, async work, async side-effect listeners), in
    /// a box made when first written: `nil` in a store that never needed it, so that every
    /// store pays one pointer for it instead of the fields. Copied on write, so the machine
    /// stays a value.
    @usableFromInline var extrasBox: ExtrasBox?
    // The flags come last so that they share the box's trailing padding: every byte here is
    // paid by every store.
    /// One thread at a time processes the queue; it holds this claim while it does.
    @usableFromInline var isDraining = false
    /// Inputs wait until the store starts (and its bootstrap has run).
    @usableFromInline var isStarted = false
    /// Time travel holds live input: it waits in `held` until resumed.
    @usableFromInline var isHolding = false
    /// A cancelled store drops new input and starts no new async work.
    @usableFromInline var isCancelled = false
    /// Whether a cancel handler was ever added (``StoreCore/addCancelHandler(_:)``): if not,
    /// cancelling skips the handlers' table.
    var hasCancelHandlers = false
    /// Whether anything but a lone sender's input, run at once, ever went through the
    /// machine: queued or control items (subscriptions among them), holding. Never cleared; a
    /// store without it has nothing to end (see ``isQuiet``).
    @usableFromInline var wasUsed = false
    /// Whether queued input is bounded (``bound(inputTo:)``): the bound itself is
    /// ``Extras/inputBound``. A flag here, in the padding the others share, so that the
    /// queuing paths test one byte and an unbounded store pays nothing else: a pointer field
    /// here would make the machine too large to pass in registers, and every unspecialized
    /// transition (a store's `deinit` among them) would look up its type metadata.
    @usableFromInline var isBounded = false

    /// The fields kept in ``extrasBox``.
    @usableFromInline
    struct Extras: Sendable {
        /// Input that arrived before start or while held, in arrival order.
        @usableFromInline var held: [QueueItem<F>] = []
        /// Async work owned by the store, by token.
        @usableFromInline var work = WorkRegistry()
        /// Side effects waiting for async listeners (a machine of its own); it also hands
        /// out the ids of waiters.
        var sideEffects = SideEffectMailbox<F.SideEffect>()
        /// A bounded store's bound: its capacity, its count and the senders waiting for room,
        /// in an object of their own, `nil` in an unbounded store. Its type does not depend on
        /// the feature (the object is an ``InputBoundWaiters``): a field whose type does (a
        /// waiter carries an intent) made the unspecialized code every store runs (its cancel)
        /// look up type metadata. Copied on write (``writableBound()``), as the box is.
        @usableFromInline var inputBound: InputBound?
        /// The recording session of a store that time travel may record: while it records
        /// causes, a queued intent carries its cause (``QueueItem/traced(_:_:)``).
        @usableFromInline var recordingSession: RecordingSession?

        /// Fresh extras for a store that is cancelled already or not (`finished`).
        @usableFromInline init(finished: Bool) {
            sideEffects.isFinished = finished
        }
    }

    /// The box behind ``extrasBox``.
    @usableFromInline
    final class ExtrasBox: @unchecked Sendable {  // written only by a machine that owns it uniquely, under its lock
        @usableFromInline @exclusivity(unchecked) var value: Extras

        @usableFromInline init(_ value: Extras) { self.value = value }
    }

    /// The box, made (or copied, if a copy of the machine shares it) for writing. Inlinable,
    /// so that the async-work path finds the box's type without a run-time look-up.
    @inlinable mutating func writableExtras() -> ExtrasBox {
        if !isKnownUniquelyReferenced(&extrasBox) {
            extrasBox = ExtrasBox(extrasBox?.value ?? Extras(finished: isCancelled))
        }
        return extrasBox.unsafelyUnwrapped
    }

    /// The bound, made (or copied, if a copy of the machine shares it) for writing; only in a
    /// bounded store. Take it anew for each write rather than keep it in a local across
    /// another transition: a reference held meanwhile makes it look shared, and that
    /// transition would write a copy.
    @inlinable mutating func writableBound() -> InputBoundWaiters<F> {
        let box = writableExtras()
        if !isKnownUniquelyReferenced(&box.value.inputBound) {
            box.value.inputBound = boundWaiters.unsafelyUnwrapped.copy()
        }
        return boundWaiters.unsafelyUnwrapped
    }

    /// The bound, as the type it always is: it holds this feature's waiting senders. `nil` in
    /// an unbounded store.
    @inlinable var boundWaiters: InputBoundWaiters<F>? {
        guard isBounded, let bound = extrasBox?.value.inputBound else { return nil }
        // Safe: `bound(inputTo:)`, `copy()` and `emptied()` are the only makers of the bound,
        // and each makes an `InputBoundWaiters<F>`.
        return unsafeDowncast(bound, to: InputBoundWaiters<F>.self)
    }

    /// Input that arrived before start or while held, in arrival order.
    @usableFromInline var held: [QueueItem<F>] {
        get { extrasBox?.value.held ?? [] }
        _modify {
            let box = writableExtras()
            yield &box.value.held
        }
    }

    /// Whether no input is held (without making the box).
    @inlinable var hasNoHeldInput: Bool { extrasBox?.value.held.isEmpty ?? true }

    /// Async work owned by the store, live (not cancelled), by token.
    var tasks: WorkSlots { extrasBox?.value.work.tasks ?? WorkSlots() }

    /// Work that was cancelled but whose task has not returned yet, by token.
    var cancelledTasks: Set<Int> { extrasBox?.value.work.cancelledTasks ?? [] }

    /// Side effects waiting for async listeners; it also hands out the ids of tasks and
    /// waiters. Read without a box, a fresh mailbox (finished once the store is cancelled).
    var sideEffects: SideEffectMailbox<F.SideEffect> {
        get { extrasBox?.value.sideEffects ?? Extras(finished: isCancelled).sideEffects }
        _modify {
            let box = writableExtras()
            yield &box.value.sideEffects
        }
    }

    @inlinable init() {}

    // MARK: Claiming and queuing

    /// What the caller of a submitting transition does next.
    @usableFromInline
    enum SubmitAction: Sendable, Equatable {
        /// The caller took the drain claim: it runs its work now, then ``drained()``.
        case run
        /// Another thread drains; the work waits in the queue (or with held input).
        case queued
        /// A bounded store is at its bound: the intent of a sender outside the store is not
        /// queued. The caller reports it (``InputOverflow``).
        case refused
        /// A bounded store is at its bound: the async sender waits, with its intent, until
        /// room appears (its continuation resumed with `true`) or the store is cancelled
        /// (`false`).
        case waitsForRoom
        /// Nobody drained but items were waiting (a drainer handed over): the caller took the
        /// claim and drains the queue, its own item last, with ``next()``.
        case drainQueue
        /// The work never runs: the store was cancelled or the async work that sent it is no
        /// longer live. The caller drops it (see ``WorkLiveness``).
        case drop(WorkLiveness)
    }

    /// Whether input may run now on the calling thread.
    @inlinable var canRunInput: Bool { !isDraining && isStarted && !isHolding && !isCancelled && pending.isEmpty }

    /// What a bounded store at its bound does with an intent, by who sends it.
    @usableFromInline
    enum AtBound: Sendable {
        /// A plain send from outside the store (`Store.send`): refused, and counted as dropped.
        case drop
        /// An async send from outside (`Store.sendWaitingForRoom`): refused, not counted: the
        /// sender comes back ready to wait (``waitForRoom(_:continuation:)``).
        case refuse
        /// The store's own input (a re-entrant send from `execute`): queued all the same.
        case admit
    }

    /// Claims the store for an intent sent by a caller (not async work): the send path.
    /// Built without a ``QueueItem`` value unless it must wait. `atBound` says what a
    /// bounded store at its bound does with it.
    ///
    /// `cause` is kept with the intent if it is queued while time travel records causes.
    @inlinable mutating func submitIntent(
        _ intent: F.Intent, atBound: AtBound = .drop, cause: InputCause = .none
    ) -> SubmitAction {
        if canRunInput {
            isDraining = true
            return .run
        }
        return queueIntent(intent, atBound: atBound, cause: cause)
    }

    /// ``queue(_:)`` for an intent: specialized but never inlined into the send path, so that
    /// the queuing code (a `QueueItem` of fixed layout, fully inlinable) does not reshape the
    /// claim's fast path around it.
    @inlinable @inline(never) mutating func queueIntent(
        _ intent: F.Intent, atBound: AtBound = .drop, cause: InputCause = .none
    ) -> SubmitAction {
        if _slowPath(isBounded) && atBound != .admit && !isCancelled && !hasRoom {
            if atBound == .drop { writableBound().refusedInputCount += 1 }
            return .refused
        }
        if let session = extrasBox?.value.recordingSession, session.isTracing {
            return queue(.traced(TracedInput(.intent(intent), cause)))
        }
        return queue(.intent(intent))
    }

    /// Notes the recording session of a store that has a recorder (a store just created).
    mutating func noteRecordingSession(_ session: RecordingSession) {
        writableExtras().value.recordingSession = session
    }

    /// Whether a bounded store has room for one more input (an unbounded one always has).
    @inlinable var hasRoom: Bool {
        guard isBounded, let bound = extrasBox?.value.inputBound else { return true }
        return bound.queuedInputCount < bound.capacity
    }

    // MARK: Bounded input

    /// Bounds the input that may be queued or held to `capacity` (at least 1), for a store
    /// just created (`Store(…, pendingInputLimit:)`). Its queue is not lent to the drainer in
    /// runs: each input taken frees room for a waiting sender at once.
    @usableFromInline mutating func bound(inputTo capacity: Int) {
        let bound = InputBoundWaiters<F>(capacity: Swift.max(1, capacity), queuedInputCount: pendingInputCount)
        writableExtras().value.inputBound = bound
        isBounded = true
    }

    /// An async sender that found a bounded store at its bound (``SubmitAction/refused``)
    /// offers its intent again, ready to wait: queued (or run) if room appeared meanwhile,
    /// else it waits in ``InputBound/roomWaiters`` (``SubmitAction/waitsForRoom``), to be queued
    /// when room appears. `id` names the wait for ``stopWaiting(id:)``; `nil` from an
    /// unbounded store's sender, which never waits.
    mutating func waitForRoom(
        _ intent: F.Intent, continuation: UnsafeContinuation<Bool, Never>?
    ) -> (SubmitAction, id: Int?) {
        if canRunInput {
            isDraining = true
            return (.run, nil)
        }
        guard isBounded, !isCancelled, !hasRoom else { return (queue(.intent(intent)), nil) }
        let bound = writableBound()
        bound.lastWaiterID += 1
        let id = bound.lastWaiterID
        bound.roomWaiters.append(RoomWaiter(id: id, intent: intent, continuation: continuation))
        wasUsed = true
        return (.waitsForRoom, id)
    }

    /// A waiting sender gives up (its task was cancelled): its intent is not sent. The waiter,
    /// to resume with `false`, or `nil` if it is no longer waiting (admitted, or resumed by the
    /// store's cancel).
    mutating func stopWaiting(id: Int) -> RoomWaiter<F>? {
        guard boundWaiters?.roomWaiters.elements.contains(where: { $0.id == id }) == true else { return nil }
        var kept = FIFOQueue<RoomWaiter<F>>()
        var removed: RoomWaiter<F>?
        let bound = writableBound()
        while let waiter = bound.roomWaiters.popFirst() {
            if waiter.id == id { removed = waiter } else { kept.append(waiter) }
        }
        bound.roomWaiters = kept
        return removed
    }

    /// The waiter whose intent the last transition queued (at most one: each input taken off
    /// the queue frees room for one), to resume with `true` outside the lock.
    @inlinable mutating func takeAdmittedSender() -> RoomWaiter<F>? {
        guard boundWaiters?.admittedSender != nil else { return nil }
        let bound = writableBound()
        defer { bound.admittedSender = nil }
        return bound.admittedSender
    }

    /// An input left a bounded store's queue (taken by the drainer, or dropped): the room it
    /// frees goes to the first waiting sender, whose intent is queued now.
    ///
    /// The bound is written through ``writableBound()`` each time rather than kept in a local
    /// across ``queue(_:)``, which writes it too (see ``writableBound()``).
    @usableFromInline mutating func inputLeftQueue() {
        guard let waiter = freeRoom() else { return }
        _ = queue(.intent(waiter.intent))
        writableBound().admittedSender = waiter
    }

    /// One input fewer waits in a bounded store: the first waiting sender, if that made room.
    @usableFromInline mutating func freeRoom() -> RoomWaiter<F>? {
        let bound = writableBound()
        bound.queuedInputCount -= 1
        guard bound.queuedInputCount < bound.capacity else { return nil }
        return bound.roomWaiters.popFirst()
    }

    /// How many senders wait for room.
    var roomWaiterCount: Int { boundWaiters?.roomWaiters.count ?? 0 }

    /// How many intents a bounded store refused at its bound.
    var refusedInputCount: Int { boundWaiters?.refusedInputCount ?? 0 }

    /// Claims the store for `work`, or queues it. Input from async work (a message or side
    /// effect it carries the token of, or an intent it sends, `token`) is checked against the
    /// work's liveness first.
    @inlinable mutating func submit(_ item: consuming QueueItem<F>, fromWork token: Int? = nil) -> SubmitAction {
        wasUsed = true
        if let token = token ?? item.workToken {
            let liveness = liveness(ofWork: token)
            guard liveness == .live else { return .drop(liveness) }
        }
        let runnable = item.isInput ? canRunInput : (!isDraining && !isCancelled && pending.isEmpty)
        if runnable {
            isDraining = true
            return .run
        }
        return queue(item)
    }

    /// What ``claimInput(fromWork:)`` found.
    @usableFromInline enum ClaimAction: Sendable, Equatable {
        /// The caller took the claim and applies its input now.
        case run
        /// The work may no longer act on the store.
        case drop(WorkLiveness)
        /// Someone else drains, or input waits: the caller queues its input with ``submit(_:fromWork:)``.
        case busy
    }

    /// Claims the store for input from the async work with `token`, without queuing anything:
    /// async work that finds the store busy suspends and queues its input with a continuation.
    @usableFromInline mutating func claimInput(fromWork token: Int) -> ClaimAction {
        let liveness = liveness(ofWork: token)
        guard liveness == .live else { return .drop(liveness) }
        guard canRunInput else { return .busy }
        isDraining = true
        return .run
    }

    /// Queues `item` for the draining thread. If nobody drains but items wait (a drainer
    /// handed over after its fair share), the caller takes the claim to drain the queue.
    @inlinable mutating func queue(_ item: consuming QueueItem<F>) -> SubmitAction {
        wasUsed = true
        if isCancelled { return .drop(.cancelled) }
        if _slowPath(isBounded) && item.isInput { writableBound().queuedInputCount += 1 }
        if item.isInput && (!isStarted || isHolding) {
            held.append(consume item)
            return .queued
        }
        pending.append(consume item)
        guard !isDraining else { return .queued }
        isDraining = true
        return .drainQueue
    }

    /// Queues `item` without claiming the store, even when nobody drains: a shared value's
    /// change, queued under the shared value's lock so that every store gets its changes in
    /// one order, and drained (``claimAbandonedQueue()``) once that lock is released, so that
    /// no store's work runs under it. `false`: the store was cancelled, nothing was queued.
    @inlinable mutating func queueUnclaimed(_ item: consuming QueueItem<F>) -> Bool {
        wasUsed = true
        if isCancelled { return false }
        if _slowPath(isBounded) && item.isInput { writableBound().queuedInputCount += 1 }
        if item.isInput && (!isStarted || isHolding) {
            held.append(consume item)
        } else {
            pending.append(consume item)
        }
        return true
    }

    // MARK: Draining

    /// The drainer finished its own item: lets go of the claim if nothing was queued
    /// meanwhile (`true`, the common case of a lone sender); otherwise the caller drains the
    /// queue with ``next()``.
    @inlinable mutating func drained() -> Bool {
        guard pending.isEmpty else { return false }
        isDraining = false
        return true
    }

    /// What the drainer does next.
    @usableFromInline
    enum NextAction: Sendable {
        /// Runs this work (liveness `.live`), or drops it (input from async work that is no
        /// longer live, decided now, when it would be applied).
        case run(QueueItem<F>, WorkLiveness)
        /// The queue is empty: the claim is released.
        case idle
    }

    /// Takes the next queued items for the drainer, or releases the claim: ``next(lendingInto:)``
    /// with no room to lend.
    @inlinable mutating func next() -> NextAction {
        next(lendingInto: UnsafeMutableBufferPointer(start: nil, count: 0)).0
    }

    /// ``next()``, lending the drainer the intents queued right behind an intent it takes, at
    /// most `lent.count`, moved into `lent` in order: one critical section for a run of
    /// intents instead of one each (what concurrent senders queue). The count lent comes
    /// with the action.
    ///
    /// Only intents are lent: they carry no work token, so they are live whenever they are
    /// taken, and they wait on nothing. Intents the drainer has not started when the store
    /// is cancelled or holds its input come back through ``takeBack(_:)``.
    @inlinable mutating func next(
        lendingInto lent: UnsafeMutableBufferPointer<QueueItem<F>>
    ) -> (NextAction, lent: Int) {
        guard let item = pending.popFirst() else {
            isDraining = false
            return (.idle, 0)
        }
        if _slowPath(isBounded) {
            // One at a time, each input freeing room for a waiting sender as it is taken.
            if item.isInput { inputLeftQueue() }
            let judged: WorkLiveness = item.workToken.map { token in liveness(ofWork: token) } ?? .live
            return (.run(item, judged), 0)
        }
        if let token = item.workToken { return (.run(item, liveness(ofWork: token)), 0) }
        guard item.isIntent else { return (.run(item, .live), 0) }
        return (.run(item, .live), pending.moveLeading(into: lent) { $0.isIntent })
    }

    /// Takes back intents lent to the drainer that it will not start, because the store was
    /// cancelled or holds its input meanwhile: they go where they would have gone had they
    /// still been queued. Returns those to abandon (the store was cancelled).
    ///
    /// Held, they go before what was held since (they arrived first). If the store already
    /// resumed, they go back in front of the queue: still first, and on the live state,
    /// which they were sent to.
    mutating func takeBack(_ intents: [QueueItem<F>]) -> [QueueItem<F>] {
        if isCancelled { return intents }
        if isHolding {
            held = intents + held
        } else {
            pending.prepend(contentsOf: intents)
        }
        return []
    }

    /// After a fair share of others' items: lets go of the claim, always, so the drainer
    /// returns to its caller. `true` if items still wait: the caller starts a task that drains
    /// them if nobody else comes (``claimAbandonedQueue()``). `false` if the queue is empty.
    ///
    /// Letting go of an empty queue too is what makes the fair share a bound: a drainer that
    /// kept the claim there took whatever arrived next, past its share, again and again (found
    /// by the exhaustive check, `SchedulingExhaustiveTests`).
    @usableFromInline mutating func handOver() -> Bool {
        isDraining = false
        guard !pending.isEmpty else { return false }
        wasUsed = true
        return true
    }

    /// Takes the claim to drain the queue a drainer handed over, unless someone took it.
    ///
    /// A cancelled store's queue is drained too: what is left there is control work and the
    /// end (`.terminate`), which must run, or observers never finish (found by the exhaustive
    /// check).
    @inlinable mutating func claimAbandonedQueue() -> Bool {
        guard !isDraining, !pending.isEmpty else { return false }
        isDraining = true
        return true
    }

    // MARK: Lifecycle

    /// What ``start()`` asks of the caller.
    @usableFromInline
    enum StartAction: Sendable, Equatable {
        /// Already started, or cancelled: nothing.
        case none
        /// The caller took the claim: it runs the bootstrap, then drains.
        case runBootstrap
        /// Another thread drains: the bootstrap was queued for it, ahead of held input.
        case queued
    }

    /// Starts the store: its bootstrap runs first, then the input held until now, in order.
    @inlinable mutating func start() -> StartAction {
        guard !isStarted, !isCancelled else { return .none }
        isStarted = true
        if isDraining {
            wasUsed = true
            pending.append(.bootstrap)
            releaseHeldInput()
            return .queued
        }
        isDraining = true
        releaseHeldInput()
        return .runBootstrap
    }

    /// What ``cancel()`` hands the caller to do outside the lock.
    struct CancelAction: Sendable {
        /// The store's tasks, to cancel.
        var tasks: [WorkTask]
        /// Input that will never run, to abandon (its async senders are resumed).
        var abandoned: [QueueItem<F>]
        /// A bounded store's bound as it was when cancelled: its ``waitingSenders`` are
        /// resumed with `false`, their intents not sent. `nil` in an unbounded store: a field
        /// whose type depends on the feature (an array of waiters) would have the unspecialized
        /// cancel that every store runs look up its metadata.
        var cancelledBound: InputBound?
        /// The caller took the claim and terminates the store now (`false`: the drainer
        /// terminates it, after the work in progress).
        var terminatesNow: Bool

        /// The senders that waited for room, in the order they began to wait.
        var waitingSenders: [RoomWaiter<F>] {
            guard let cancelledBound else { return [] }
            // Safe: the machine's bound is always an `InputBoundWaiters<F>` (`boundWaiters`).
            return unsafeDowncast(cancelledBound, to: InputBoundWaiters<F>.self).roomWaiters.elements
        }
    }

    /// Ends the store: input that has not run is abandoned (control items that waits stays,
    /// so subscriptions resolve), the tasks are handed out for cancelling, async listeners
    /// finish, and termination runs now or after the work in progress. `nil` if the store
    /// was cancelled already.
    mutating func cancel() -> CancelAction? {
        guard !isCancelled else { return nil }
        isCancelled = true
        var tasks: [WorkTask] = []
        var abandoned: [QueueItem<F>] = []
        var cancelledBound: InputBound?
        if extrasBox != nil {  // without the box there is nothing to cancel, abandon or finish
            tasks = writableExtras().value.work.removeAll()
            abandoned = held
            held.removeAll()
            sideEffects.finish()
        }
        if _slowPath(isBounded) {
            // The bound is replaced, not written: a copy of the machine may share it.
            let bound = boundWaiters.unsafelyUnwrapped
            cancelledBound = bound
            writableExtras().value.inputBound = bound.emptied()
        }
        if !pending.isEmpty {
            var kept: [QueueItem<F>] = []
            while let item = pending.popFirst() {
                if item.isInput { abandoned.append(item) } else { kept.append(item) }
            }
            for item in kept { pending.append(item) }
        }
        if isDraining {
            pending.append(.terminate)
            return CancelAction(
                tasks: tasks, abandoned: abandoned, cancelledBound: cancelledBound, terminatesNow: false)
        }
        isDraining = true
        return CancelAction(tasks: tasks, abandoned: abandoned, cancelledBound: cancelledBound, terminatesNow: true)
    }

    /// Whether nothing waits, runs or was ever set aside: no drainer, no queued or control
    /// work ever (so no observer or side-effect handler either, and nothing pending), no
    /// extras (held input, tasks, async side-effect listeners) and no cancel handler. A store
    /// in this state ends with no work but marking it cancelled. Read without touching the
    /// queue: `deinit` runs it unspecialized, where every generic type costs a look-up.
    var isQuiet: Bool { !isDraining && !wasUsed && extrasBox == nil && !hasCancelHandlers }

    /// Notes that a cancel handler is being added; `false` if the store is cancelled already
    /// (the handler must not be kept).
    mutating func noteCancelHandler() -> Bool {
        guard !isCancelled else { return false }
        hasCancelHandlers = true
        return true
    }

    // MARK: Holding (time travel)

    /// Holds live input from now on: input already pending moves to `held`, in order.
    mutating func holdInput() {
        guard !isHolding else { return }
        isHolding = true
        wasUsed = true
        var control: [QueueItem<F>] = []
        var inputs: [QueueItem<F>] = []
        while let item = pending.popFirst() {
            if item.isInput { inputs.append(item) } else { control.append(item) }
        }
        for item in control { pending.append(item) }
        held = inputs + held
    }

    /// Stops holding input: the store's own state comes back (`.restore`), then held input
    /// runs, in order. `true` if the caller took the claim and drains.
    ///
    /// A cancelled store only stops holding: a restore queued then would run after the end,
    /// or never (found by the exhaustive check).
    mutating func resumeInput() -> Bool {
        guard isHolding else { return false }
        isHolding = false
        guard !isCancelled else { return false }
        pending.append(.restore)
        releaseHeldInput()
        guard !isDraining, !isCancelled else { return false }
        isDraining = true
        return true
    }

    /// Moves held input behind whatever is pending, once the store may run it.
    @inlinable mutating func releaseHeldInput() {
        guard isStarted, !isHolding, !hasNoHeldInput else { return }
        for item in held { pending.append(item) }
        held.removeAll()
    }

    // MARK: Async work

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

    // MARK: Reading

    /// How many inputs are queued or held.
    var pendingInputCount: Int { held.count + pending.elements.lazy.filter(\.isInput).count }

    /// Whether items are processed or wait to be (a cancelled store is never busy).
    var isBusy: Bool { (isDraining || !pending.isEmpty) && !isCancelled }
}

/// What the store makes of input from async work, decided under the lock.
@usableFromInline
enum WorkLiveness: Sendable, Equatable {
    /// The work runs and was not cancelled: its input is applied.
    case live
    /// The work was cancelled, or the store: its input is dropped quietly (latest wins).
    case cancelled
    /// The work has returned, but its context is still used (it escaped into another task):
    /// the input is dropped and the misuse reported.
    case ended
}

/// An async sender waiting for room in a bounded store, with the intent it sends
/// (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
@usableFromInline
struct RoomWaiter<F: Feature>: Sendable {
    /// Names the wait, so that a sender whose task is cancelled can stop waiting.
    @usableFromInline let id: Int
    /// Queued when room appears, in the order the senders began to wait.
    @usableFromInline let intent: F.Intent
    /// Resumed exactly once: `true` when the intent is queued, `false` when it never will be
    /// (the store was cancelled, or the sender's task). Unsafe, not checked (whose canary is
    /// an allocation per wait): a waiter leaves the machine exactly once, admitted, cancelled
    /// or given up, and whoever takes it out resumes it. `nil` in the machine's tests.
    @usableFromInline let continuation: UnsafeContinuation<Bool, Never>?

    @usableFromInline init(id: Int, intent: F.Intent, continuation: UnsafeContinuation<Bool, Never>?) {
        self.id = id
        self.intent = intent
        self.continuation = continuation
    }
}

/// A bounded store's bound (``SchedulingStateMachine/Extras/inputBound``): how many inputs may wait
/// and how many do. Made only for a store created with a limit, so that an unbounded store
/// carries one empty reference for all of it. Not generic, so that the machine's layout and
/// the code every store runs do not depend on the feature for it; the object is always an
/// ``InputBoundWaiters`` of the store's feature, which adds the waiting senders.
@usableFromInline
class InputBound: @unchecked Sendable {  // its mutable fields: only the store's machine, under its lock
    /// How many inputs may be queued or held before senders outside the store are refused or
    /// wait.
    @usableFromInline final let capacity: Int
    /// The inputs queued or held (in `pending` and `held`), kept as they come and go.
    @usableFromInline final var queuedInputCount: Int
    /// The last id handed to a waiter (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
    @usableFromInline final var lastWaiterID = 0
    /// Intents refused at the bound since the store was created.
    @usableFromInline final var refusedInputCount = 0

    /// A bound of `capacity` inputs, `queuedInputCount` of them waiting already.
    @usableFromInline init(capacity: Int, queuedInputCount: Int) {
        self.capacity = capacity
        self.queuedInputCount = queuedInputCount
    }
}

/// A bounded store's bound with its async senders waiting for room: the object behind
/// ``SchedulingStateMachine/Extras/inputBound``.
@usableFromInline
final class InputBoundWaiters<F: Feature>: InputBound, @unchecked Sendable {  // `roomWaiters`: machine only, locked
    /// Async senders waiting for room, in arrival order, each with its intent.
    @usableFromInline var roomWaiters = FIFOQueue<RoomWaiter<F>>()
    /// The waiter whose intent the last transition queued, for the scheduler to resume
    /// outside the lock (``SchedulingStateMachine/takeAdmittedSender()``).
    @usableFromInline var admittedSender: RoomWaiter<F>?

    /// A bound of `capacity` inputs, `queuedInputCount` of them waiting already, no sender
    /// waiting.
    @usableFromInline override init(capacity: Int, queuedInputCount: Int) {
        super.init(capacity: capacity, queuedInputCount: queuedInputCount)
    }

    /// A copy, for a copy of the machine about to write it.
    @usableFromInline func copy() -> InputBoundWaiters<F> {
        let copy = InputBoundWaiters(capacity: capacity, queuedInputCount: queuedInputCount)
        copy.lastWaiterID = lastWaiterID
        copy.refusedInputCount = refusedInputCount
        copy.roomWaiters = roomWaiters
        copy.admittedSender = admittedSender
        return copy
    }

    /// The bound after the store is cancelled: nothing waits any more, the counts of refusals
    /// and waiters' ids kept.
    func emptied() -> InputBoundWaiters<F> {
        let emptied = InputBoundWaiters(capacity: capacity, queuedInputCount: 0)
        emptied.lastWaiterID = lastWaiterID
        emptied.refusedInputCount = refusedInputCount
        return emptied
    }
}
