import Synchronization

/// The scheduling half of a store: the lock, the ``SchedulingStateMachine`` it guards, and
/// every transition together with the action it returns, one critical section each.
///
/// swift-async-algorithms splits a debounce into `DebounceStateMachine` (decisions, a plain
/// value) and `DebounceStorage` (the lock, acting outside it). Here the machine decides, this
/// type takes the lock around each decision and hands the action back, and ``StoreCore``, the
/// drain, acts on it outside the lock: it runs what the claim allows (`execute`, `reduce`,
/// observers, middleware). Nothing else takes `lock` or touches `machine`: the files that may
/// are this one and its `StoreScheduler+…` extensions (`.ci/owners-lint` checks it).
///
/// ``StoreCore`` is a subclass rather than an owner of a scheduler field, so that the split
/// costs nothing: one object, one allocation, and the lock word at a fixed offset in it. A
/// scheduler in a field of its own would add an allocation per store and a pointer load per
/// critical section (two per plain send) (budgets.tsv: create-store, send-1sub).
@usableFromInline
package class StoreScheduler<F: Feature>: @unchecked Sendable {  // `machine` is touched only under `lock`
    /// Guards `machine`. Taken only by this type's methods, never around user code.
    @usableFromInline let lock = Lock()
    /// The drain claim of a lone sender, taken and let go without `lock` (``UncontendedClaim``):
    /// `idle` while the machine could run input at once (``SchedulingStateMachine/canRunInput``),
    /// `claimed` while a sender that took it from `idle` runs its intent, `locked` while the
    /// machine decides (its `isDraining` flag is then the claim). An uncontended send is then
    /// two atomic operations on this word instead of two critical sections, four on `lock`'s
    /// word, with the machine's tests between them (budgets.tsv: send-1sub). Beside `lock`'s
    /// word, before `machine`: at an offset known without the feature's metadata.
    @usableFromInline let uncontendedClaim = Atomic<UInt8>(UncontendedClaim.locked)
    /// The scheduling. Guarded by `lock`: touched only inside ``withMachine(_:)``.
    // Unchecked exclusivity: every access holds `lock`, which is stronger than the dynamic
    // check (which would add a check per access on the send path).
    @usableFromInline @exclusivity(unchecked) var machine = SchedulingStateMachine<F>()
    /// How many intents lent to the drainer (``next(lendingInto:)``) it has not started yet:
    /// still input that waits, for ``pendingInputCount``. Atomic: written by the drain-claim
    /// holder, read under `lock` by the counts.
    @usableFromInline let lentIntents = Atomic<UInt8>(0)
    /// Set under `lock` when the store is cancelled or holds its input while intents are lent:
    /// the drain-claim holder gives back those it has not started (``takeBack(_:)``). Atomic:
    /// read by the claim holder without the lock, once per lent intent.
    @usableFromInline let lentIntentsRecalled = Atomic<Bool>(false)

    /// A store that is not started, not held and not draining.
    @inlinable init() {}

    /// Runs `transition` on the scheduling machine, holding the lock: every critical section
    /// of the store's scheduling goes through here. Called only by this type's files.
    ///
    /// The machine decides with the drain claim in its own flag: a claim a lone sender took
    /// without the lock is moved into it first (``absorbUncontendedClaim()``), which makes
    /// that sender let go through the machine too (``drained()``). The transitions that let go
    /// of the claim say so in the word again (``publishUncontendedClaim(_:)``), for the next
    /// lone sender; until then, a sender goes through the machine.
    @inlinable @inline(__always)
    final func withMachine<Action: Sendable>(_ transition: (inout SchedulingStateMachine<F>) -> Action) -> Action {
        lock.withLock {
            if _slowPath(uncontendedClaim.load(ordering: .relaxed) != UncontendedClaim.locked) {
                absorbUncontendedClaim()
            }
            return transition(&machine)
        }
    }

    /// Runs `transition` holding the lock, leaving the claim word alone: for a transition that
    /// reads neither the drain claim nor the queue and changes nothing the word stands for
    /// (started, draining, holding, cancelled, the queue), or that runs only while the word is
    /// `locked`. So a producer reading the counts, or async work registering and ending, does
    /// not send the next lone sender through the machine (budgets.tsv: effect-roundtrip).
    @inlinable @inline(__always)
    final func withMachineKeepingClaim<Result: Sendable>(
        _ transition: (inout SchedulingStateMachine<F>) -> Result
    ) -> Result {
        lock.withLock { transition(&machine) }
    }

    /// After a transition that let go of the drain claim with nothing queued: says so in the
    /// claim word if the machine could run input at once (started, not holding or cancelled),
    /// so that the next lone sender claims without the lock. Under `lock`. Tests the flags
    /// alone (the caller knows the queue is empty): a larger test here kept `withMachine`'s
    /// closure from being inlined into the drain (budgets.tsv: create-store).
    @inlinable @inline(__always)
    final func publishUncontendedClaim(_ machine: borrowing SchedulingStateMachine<F>) {
        let blocking = SchedulingFlag.started | SchedulingFlag.holding | SchedulingFlag.cancelled
        if machine.flags & blocking == SchedulingFlag.started {
            uncontendedClaim.store(UncontendedClaim.idle, ordering: .releasing)
        }
    }

    /// Moves the claim word's state into the machine, under `lock`: from now until the
    /// machine can run input at once again, every claim goes through the machine. The word
    /// was `idle` (the machine's flag says not draining already) or `claimed` (a lone sender
    /// runs its intent: the machine now knows it drains). Only a lone sender's claim or
    /// release changes the word without the lock, so this settles in a few tries.
    @usableFromInline final func absorbUncontendedClaim() {
        var current = uncontendedClaim.load(ordering: .relaxed)
        while current != UncontendedClaim.locked {
            // Acquiring: a lone sender's release (claimed to idle) published its writes of the
            // drainer's state, which whoever claims through the machine next reads.
            let (exchanged, found) = uncontendedClaim.compareExchange(
                expected: current, desired: UncontendedClaim.locked, ordering: .acquiring)
            if exchanged {
                if current == UncontendedClaim.claimed { machine.isDraining = true }
                return
            }
            current = found
        }
    }

    /// Takes the drain claim without the lock, if the store is idle and could run input at
    /// once (`true`): the caller runs its intent, then lets go with ``drain()``.
    @inlinable @inline(__always) final func claimUncontended() -> Bool {
        uncontendedClaim.compareExchange(
            expected: UncontendedClaim.idle, desired: UncontendedClaim.claimed, ordering: .acquiring
        ).exchanged
    }

    /// Lets go of a claim taken by ``claimUncontended()`` without the lock, if nobody queued
    /// anything or changed the machine meanwhile (`true`); otherwise (`false`, the claim was
    /// moved into the machine, or was taken through it) the caller lets go with ``drained()``.
    @inlinable @inline(__always) final func releaseUncontended() -> Bool {
        uncontendedClaim.compareExchange(
            expected: UncontendedClaim.claimed, desired: UncontendedClaim.idle, ordering: .releasing
        ).exchanged
    }

    // MARK: Claiming and queuing

    /// The send path's transition: claims the store for `intent` (`.run`), or queues it; a
    /// bounded store at its bound does with it what `atBound` says.
    @inlinable @inline(__always)
    final func schedule(
        intent: F.Intent, atBound: SchedulingStateMachine<F>.AtBound = .drop, cause: InputCause = .none
    ) -> SchedulingStateMachine<F>.SubmitAction {
        withMachine { $0.submitIntent(intent, atBound: atBound, cause: cause) }
    }

    /// An async sender refused at the bound offers `intent` again, ready to wait with
    /// `continuation` (``SchedulingStateMachine/waitForRoom(_:continuation:)``).
    final func scheduleWaitingForRoom(
        _ intent: F.Intent, continuation: UnsafeContinuation<Bool, Never>
    ) -> (SchedulingStateMachine<F>.SubmitAction, id: Int?) {
        withMachine { $0.waitForRoom(intent, continuation: continuation) }
    }

    /// A waiting sender whose task was cancelled stops waiting: the waiter, to resume with
    /// `false`, or `nil` if it was admitted or resumed already.
    final func stopWaiting(id: Int) -> RoomWaiter<F>? {
        withMachine { $0.stopWaiting(id: id) }
    }

    /// Notes what says whether causes are traced, for a store with a hook (just created):
    /// while they are, queued intents carry theirs.
    final func noteCauseTracing(_ tracing: any CauseTracing) {
        withMachine { $0.noteCauseTracing(tracing) }
    }

    /// Bounds the store's queued input (a store just created).
    @usableFromInline final func bound(inputTo capacity: Int) {
        withMachine { $0.bound(inputTo: capacity) }
    }

    /// Claims the store for `item`, or queues it; input from async work (`token`, or the
    /// token the item carries) is checked against the work's liveness first.
    @inlinable final func schedule(
        _ item: QueueItem<F>, fromWork token: Int? = nil
    ) -> SchedulingStateMachine<F>.SubmitAction {
        withMachine { $0.submit(item, fromWork: token) }
    }

    /// Claims the store for input from the async work with `token`, without queuing anything.
    @inlinable final func claimInput(fromWork token: Int) -> SchedulingStateMachine<F>.ClaimAction {
        withMachine { $0.claimInput(fromWork: token) }
    }

    // MARK: Draining

    /// The claim holder finished its own item: `true` if it let go of the claim (nothing was
    /// queued meanwhile), `false` if it drains the queue with ``next(lendingInto:)``.
    @inlinable @inline(__always) final func drained() -> Bool {
        withMachine { machine in
            let released = machine.drained()
            if released { publishUncontendedClaim(machine) }
            return released
        }
    }

    /// Takes the next queued item for the claim holder (or releases the claim), lending it
    /// the intents queued right behind, noted in `lentIntents` so that counts include them.
    /// In a bounded store, the room the item frees may admit a waiting sender's intent: the
    /// sender is resumed here, after the lock is let go.
    @inlinable final func next(
        lendingInto room: UnsafeMutableBufferPointer<QueueItem<F>>
    ) -> (SchedulingStateMachine<F>.NextAction, lent: Int) {
        // The continuation alone, not the waiter: its type does not depend on the feature.
        var admitted: UnsafeContinuation<Bool, Never>?
        let next = withMachine { machine in
            let next = machine.next(lendingInto: room)
            if case .idle = next.0 { publishUncontendedClaim(machine) }
            if next.lent > 0 {
                lentIntents.store(UInt8(truncatingIfNeeded: next.lent), ordering: .relaxed)
                lentIntentsRecalled.store(false, ordering: .relaxed)
            }
            if _slowPath(machine.isBounded) { admitted = machine.takeAdmittedSender()?.continuation }
            return next
        }
        if _slowPath(admitted != nil) { admitted?.resume(returning: true) }
        return next
    }

    /// Whether the lent intents not started yet were recalled (the store was cancelled or
    /// holds its input): the claim holder gives them back with ``takeBack(_:)``. No lock.
    @inlinable @inline(__always) final var lentIntentsAreRecalled: Bool {
        lentIntentsRecalled.load(ordering: .relaxed)
    }

    /// The claim holder starts a lent intent: `remaining` are still lent after it. No lock.
    @inlinable @inline(__always) final func noteLentIntents(remaining: Int) {
        lentIntents.store(UInt8(truncatingIfNeeded: remaining), ordering: .relaxed)
    }

    /// Gives the machine back lent intents that will not run now; returns those to abandon.
    @usableFromInline final func takeBack(_ intents: [QueueItem<F>]) -> [QueueItem<F>] {
        withMachine { machine in
            lentIntents.store(0, ordering: .relaxed)
            lentIntentsRecalled.store(false, ordering: .relaxed)
            return machine.takeBack(intents)
        }
    }

    /// Asks the claim holder for the intents lent to it that it has not started. Under `lock`.
    @usableFromInline final func recallLentIntents() {
        if lentIntents.load(ordering: .relaxed) != 0 {
            lentIntentsRecalled.store(true, ordering: .relaxed)
        }
    }

    /// After a fair share: lets go of the claim while items still wait (`true`).
    @usableFromInline final func handOver() -> Bool {
        withMachine { machine in
            let waiting = machine.handOver()
            if !waiting { publishUncontendedClaim(machine) }
            return waiting
        }
    }

    /// Queues a shared value's change without claiming the store
    /// (``SchedulingStateMachine/queueUnclaimed(_:)``). Always inlined: out of line (which
    /// the claim word's look under the lock made it), the item was copied through its value
    /// witnesses for each store a change reaches (budgets.tsv: shared-write-2, shared-write-100).
    @inlinable @inline(__always) final func queueUnclaimed(_ item: QueueItem<F>) -> Bool {
        withMachine { $0.queueUnclaimed(item) }
    }

    /// Takes the claim to drain a queue that a claim holder handed over, unless someone did.
    @inlinable final func claimAbandonedQueue() -> Bool {
        withMachine { $0.claimAbandonedQueue() }
    }

    // MARK: Lifecycle

    /// Starts the store (``SchedulingStateMachine/start()``).
    ///
    /// The claim word needs no look: it stays `locked` until the store has started (it says
    /// `idle` only when the machine could run input, started), and a started store's
    /// ``SchedulingStateMachine/start()`` reads nothing but that it has. So a store's creation
    /// runs without it (budgets.tsv: create-store).
    @inlinable final func startTransition() -> SchedulingStateMachine<F>.StartAction {
        withMachineKeepingClaim { $0.start() }
    }

    /// Whether the store was cancelled.
    final var isCancelled: Bool {
        withMachineKeepingClaim { $0.isCancelled }
    }

    /// Marks a quiet store cancelled (see ``SchedulingStateMachine/isQuiet``): `true` if it
    /// was quiet (nothing else to do), `false` if it has something to end, `nil` if it was
    /// cancelled already. A store with middleware (`hasPipeline`) is never quiet.
    final func cancelIfQuiet(hasPipeline: Bool) -> Bool? {
        withMachine { machine -> Bool? in
            guard !machine.isCancelled else { return nil }
            guard machine.isQuiet, !hasPipeline else { return false }
            machine.isCancelled = true
            return true
        }
    }

    /// Ends the store (``SchedulingStateMachine/cancel()``), recalling lent intents; with
    /// whether a cancel observer was ever added.
    final func cancelTransition() -> (SchedulingStateMachine<F>.CancelAction?, hasCancelObservers: Bool) {
        withMachine { machine in
            let cancelled = machine.cancel()
            recallLentIntents()
            return (cancelled, machine.hasCancelObservers)
        }
    }

    /// Notes that a cancel observer is being added; `false` if the store is cancelled already.
    final func noteCancelObserver() -> Bool {
        withMachine { $0.noteCancelObserver() }
    }

    // MARK: Holding (time travel)

    /// Holds live input from now on; input queued or lent and not started is held too.
    final func holdInput() {
        withMachine { machine in
            machine.holdInput()
            recallLentIntents()
        }
    }

    /// Stops holding input: `true` if the caller took the claim and drains.
    final func resumeTransition() -> Bool {
        withMachine { $0.resumeInput() }
    }

    /// Whether live input is held.
    final var isHolding: Bool {
        withMachineKeepingClaim { $0.isHolding }
    }

    // MARK: Reading

    /// How many async senders wait for room in a bounded store.
    final var roomWaiterCount: Int {
        withMachineKeepingClaim { $0.roomWaiterCount }
    }

    /// How many intents a bounded store refused at its bound.
    final var refusedInputCount: Int {
        withMachineKeepingClaim { $0.refusedInputCount }
    }

    /// How many inputs are queued, held or lent to the claim holder and not started.
    final var pendingInputCount: Int {
        withMachineKeepingClaim { machine in
            machine.pendingInputCount + (machine.isCancelled ? 0 : Int(lentIntents.load(ordering: .relaxed)))
        }
    }

    /// How many inputs time travel holds, with the lent intents the claim holder will give
    /// back to be held.
    final var heldInputCount: Int {
        withMachineKeepingClaim { machine in
            let recalled = machine.isHolding && lentIntentsRecalled.load(ordering: .relaxed)
            return machine.held.count + (recalled ? Int(lentIntents.load(ordering: .relaxed)) : 0)
        }
    }
}
