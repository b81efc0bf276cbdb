/// Draining the queue: what the claim holder runs after its own item, the intents lent to it
/// in one critical section, and handing the claim over after a fair share.
extension StoreCore {
    /// The drainer finished its own item: lets go, or drains what was queued meanwhile.
    @inlinable func drain() {
        // The common case, a lone sender: its claim, taken without the lock, is let go
        // without it, nothing having been queued meanwhile.
        if _fastPath(releaseUncontended()) { return }
        drainThroughMachine()
    }

    /// ``drain()`` for a claim the machine holds: lets go, or drains what was queued
    /// meanwhile. Out of line (but specialized): inlined, the drain's closure under the lock
    /// was not, and cost a retain and a release (budgets.tsv: create-store).
    @inlinable @inline(never) func drainThroughMachine() {
        // Checked without touching a `QueueItem` value, so the hot path does no generic enum
        // handling.
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
}
