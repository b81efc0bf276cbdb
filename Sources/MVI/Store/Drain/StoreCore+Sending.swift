import Synchronization

/// Input: a send claims the store and executes at once, or queues for the thread that drains;
/// what a submitter does when it did not get to run at once.
extension StoreCore {
    /// The send path: claims the store and executes at once, or queues the intent. `atBound`:
    /// what a bounded store at its bound does with it (a plain send's is dropped and reported;
    /// `StoreContext.send`'s, the store's own, is queued all the same).
    /// `cause`: why it was sent, kept while time travel traces causes (``execute(_:_:)``).
    ///
    /// A lone sender claims the store with one atomic operation, without the scheduler's lock
    /// (``StoreScheduler/claimUncontended()``); any other goes through the machine.
    @inlinable func send(
        _ intent: F.Intent, atBound: SchedulingStateMachine<F>.AtBound = .drop, cause: InputCause = .none
    ) {
        if _fastPath(claimUncontended()) {
            execute(intent, cause.site)
            drain()
        } else {
            sendThroughMachine(intent, atBound: atBound, cause: cause)
        }
    }

    /// ``send(_:atBound:cause:)`` when the store was not idle: the machine claims it or queues
    /// the intent. Out of line (but specialized), so that the lone sender's path inlines one
    /// `execute`.
    @inlinable @inline(never) func sendThroughMachine(
        _ intent: F.Intent, atBound: SchedulingStateMachine<F>.AtBound, cause: InputCause
    ) {
        let action = schedule(intent: intent, atBound: atBound, cause: cause)
        if action == .run {
            execute(intent, cause.site)
            drain()
        } else if action == .queued {
            // Queued for the thread that drains (the contended path): no `QueueItem` is built
            // here, since each copy of one goes through its value witnesses.
            checkSendDuringReduce()
        } else {
            afterSubmitting(action, intent: intent)
        }
    }

    /// ``afterSubmitting(_:_:)`` for an intent the send path could neither run nor queue. Out
    /// of line (but specialized): the `QueueItem` it builds, inline, made `send` too large for
    /// the feature's `execute` to be inlined into it (budgets.tsv: send-1sub).
    @inlinable @inline(never) func afterSubmitting(_ action: SchedulingStateMachine<F>.SubmitAction, intent: F.Intent) {
        afterSubmitting(action, .intent(intent))
    }

    /// Reports a queued send if it came from inside a reducer. Out of line: the send path
    /// inlines the claim's fast path, and what it inlines besides makes the feature's
    /// `execute` less likely to be inlined there (budgets.tsv: send-1sub).
    @usableFromInline @inline(never) func checkSendDuringReduce() {
        if _slowPath(reducingThread.load(ordering: .relaxed) == ThreadIdentity.current) { reportSendDuringReduce() }
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
    /// thread): queued all the same in a bounded store, and, while time travel traces
    /// causes, kept as sent by the intent being executed.
    @inlinable func sendFromExecute(_ intent: F.Intent, site: CallSite) {
        var cause = InputCause(site: site)
        if _slowPath(hasHook) { cause.intentSlot = hookIntentSlot }
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
}
