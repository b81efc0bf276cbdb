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
    /// What only some stores use (held input, async work, async side-effect observers), in
    /// a box made when first written: `nil` in a store that never needed it, so that every
    /// store pays one pointer for it instead of the fields. Copied on write, so the machine
    /// stays a value.
    @usableFromInline var extrasBox: ExtrasBox?
    /// The machine's flags, one bit each (``SchedulingFlag``; the properties that read and
    /// write them are in `SchedulingStateMachine+Flags.swift`). Every byte here is paid by
    /// every store.
    @usableFromInline var flags: UInt8 = 0

    /// The fields kept in ``extrasBox``.
    @usableFromInline
    struct Extras: Sendable {
        /// Input that arrived before start or while held, in arrival order.
        @usableFromInline var held: [QueueItem<F>] = []
        /// Async work owned by the store, by token.
        @usableFromInline var work = WorkRegistry()
        /// Side effects waiting for async observers (a machine of its own); it also hands
        /// out the ids of waiters.
        var sideEffects = SideEffectMailbox<F.SideEffect>()
        /// A bounded store's bound: its capacity, its count and the senders waiting for room,
        /// in an object of their own, `nil` in an unbounded store. Its type does not depend on
        /// the feature (the object is an ``InputBoundWaiters``): a field whose type does (a
        /// waiter carries an intent) made the unspecialized code every store runs (its cancel)
        /// look up type metadata. Copied on write (``writableBound()``), as the box is.
        @usableFromInline var inputBound: InputBound?
        /// What says whether time travel traces the causes of a store with its hook: while
        /// it does, a queued intent carries its cause (``QueueItem/traced(_:_:)``).
        @usableFromInline var causeTracing: (any CauseTracing)?

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

    /// How many inputs wait in `pending` and `held`, kept as they come and go, so that
    /// ``pendingInputCount`` (which producers read to learn they outrun the store) is one load
    /// under the lock, not a walk of the queue: counting 700,000 queued intents at every read
    /// held the lock long enough to stretch 8 threads' 800,000 sends from 6.0 s to 32.0 s
    /// (issue 48). A bounded store checks its bound against it too. Kept in the queue's spare
    /// word (``FIFOQueue/tally``), so that the machine stays four words.
    @inlinable var queuedInputCount: Int {
        get { Int(pending.tally) }
        set { pending.tally = Int32(truncatingIfNeeded: newValue) }
    }

    /// Whether no input is held (without making the box).
    @inlinable var hasNoHeldInput: Bool { extrasBox?.value.held.isEmpty ?? true }

    /// Async work owned by the store, live (not cancelled), by token.
    var tasks: WorkSlots { extrasBox?.value.work.tasks ?? WorkSlots() }

    /// Work that was cancelled but whose task has not returned yet, by token.
    var cancelledTasks: Set<Int> { extrasBox?.value.work.cancelledTasks ?? [] }

    /// Side effects waiting for async observers; it also hands out the ids of tasks and
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
    /// Not draining, started, not holding, not cancelled: one comparison of the flags.
    @inlinable var canRunInput: Bool {
        flags & (SchedulingFlag.draining | SchedulingFlag.started | SchedulingFlag.holding | SchedulingFlag.cancelled)
            == SchedulingFlag.started && pending.isEmpty
    }

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
    /// `cause` is kept with the intent if it is queued while time travel traces causes.
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
        if let tracing = extrasBox?.value.causeTracing, tracing.isTracing {
            return queue(.traced(TracedInput(.intent(intent), cause)))
        }
        return queue(.intent(intent))
    }

    /// Notes what says whether causes are traced, for a store with a hook (just created).
    mutating func noteCauseTracing(_ tracing: any CauseTracing) {
        writableExtras().value.causeTracing = tracing
    }

    /// Whether a bounded store has room for one more input (an unbounded one always has).
    @inlinable var hasRoom: Bool {
        guard isBounded, let bound = extrasBox?.value.inputBound else { return true }
        return queuedInputCount < bound.capacity
    }

    // MARK: Reading

    /// How many inputs are queued or held: O(1), the count kept as they come and go.
    var pendingInputCount: Int { queuedInputCount }

    /// Whether items are processed or wait to be (a cancelled store is never busy).
    var isBusy: Bool { (isDraining || !pending.isEmpty) && !isCancelled }
}
