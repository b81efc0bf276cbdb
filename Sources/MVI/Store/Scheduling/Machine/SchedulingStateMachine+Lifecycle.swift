/// Starting the store (its bootstrap, held input let through) and cancelling it.
extension SchedulingStateMachine {
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
    /// so subscriptions resolve), the tasks are handed out for cancelling, async observers
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
        queuedInputCount = 0  // every input queued or held was abandoned
        if isDraining {
            pending.append(.terminate)
            return CancelAction(
                tasks: tasks, abandoned: abandoned, cancelledBound: cancelledBound, terminatesNow: false)
        }
        isDraining = true
        return CancelAction(tasks: tasks, abandoned: abandoned, cancelledBound: cancelledBound, terminatesNow: true)
    }

    /// Whether nothing waits, runs or was ever set aside: no drainer, no queued or control
    /// work ever (so no observer or side-effect observer either, and nothing pending), no
    /// extras (held input, tasks, async side-effect observers) and no cancel observer. A store
    /// in this state ends with no work but marking it cancelled. Read without touching the
    /// queue: `deinit` runs it unspecialized, where every generic type costs a look-up.
    /// Always inlined: called, the getter needed the machine's type metadata (budgets.tsv:
    /// create-store).
    @inline(__always) var isQuiet: Bool {
        let busy = SchedulingFlag.draining | SchedulingFlag.used | SchedulingFlag.cancelObservers
        return flags & busy == 0 && extrasBox == nil
    }

    /// Notes that a cancel observer is being added; `false` if the store is cancelled already
    /// (the observer must not be kept).
    mutating func noteCancelObserver() -> Bool {
        guard !isCancelled else { return false }
        hasCancelObservers = true
        return true
    }
}
