import Synchronization

/// What the store's lock protects: who is draining, what waits, which tasks run, and the
/// side effects that wait for async listeners. A plain struct; `StoreCore` does the locking.
@usableFromInline
struct Control<F: Feature>: Sendable {
    /// Work that arrived while another thread was draining, in arrival order.
    @usableFromInline var pending = WorkQueue<Work<F>>()
    /// Input that arrived before start or while held, in arrival order.
    @usableFromInline var held: [Work<F>] = []
    /// Async work owned by the store, by token.
    var tasks: [Int: RunningTask] = [:]
    /// Work that was cancelled but whose task has not returned yet, by token: what it sends
    /// meanwhile is dropped quietly. Apart from `tasks`, so cancelling by id stays a pass over
    /// live work only.
    var cancelledTasks: Set<Int> = []
    /// Side effects waiting for listeners; it also hands out the ids of tasks and waiters.
    var sideEffects: SideEffectMailbox<F.SideEffect>
    // The flags come last so that they share the mailbox's trailing padding: every byte
    // here is paid by every store.
    /// One thread at a time processes work; it holds this claim while it does.
    @usableFromInline var isDraining = false
    /// Inputs wait until the store starts (and its bootstrap has run).
    @usableFromInline var isStarted = false
    /// Time travel holds live input: it waits in `held` until resumed.
    @usableFromInline var isHolding = false
    /// A cancelled store drops new input and runs no new work.
    @usableFromInline var isCancelled = false

    init() {
        sideEffects = SideEffectMailbox()
    }

    /// Whether input may run now on the calling thread.
    @inlinable var canRunInput: Bool { !isDraining && isStarted && !isHolding && !isCancelled && pending.isEmpty }

    /// Queues `work` for the draining thread (see ``enqueue(_:)``). If nobody drains but work
    /// waits (a drainer handed over after its fair share), the caller takes the claim to
    /// drain the queue, its own work last: `.drainQueue`.
    @inlinable mutating func queue(_ work: Work<F>) -> Queued {
        if enqueue(work) != nil { return .dropped }
        guard !isDraining, !isCancelled, !pending.isEmpty else { return .queued }
        if work.isInput && (!isStarted || isHolding) { return .queued }
        isDraining = true
        return .drainQueue
    }

    /// Queues work for the draining thread. Returns work that can never run (the store was
    /// cancelled), for the caller to abandon outside the lock.
    @inlinable mutating func enqueue(_ work: Work<F>) -> Work<F>? {
        if isCancelled { return work }
        if work.isInput && (!isStarted || isHolding) {
            held.append(work)
        } else {
            pending.append(work)
        }
        return nil
    }

    /// Moves held input behind whatever is pending, once the store may run it.
    mutating func releaseHeldInput() {
        guard isStarted, !isHolding, !held.isEmpty else { return }
        for work in held { pending.append(work) }
        held.removeAll()
    }

    /// Starts holding input: input already pending moves to `held`, in order.
    mutating func holdInput() {
        guard !isHolding else { return }
        isHolding = true
        var control: [Work<F>] = []
        var inputs: [Work<F>] = []
        while let work = pending.popFirst() {
            if work.isInput { inputs.append(work) } else { control.append(work) }
        }
        for work in control { pending.append(work) }
        held = inputs + held
    }
}

/// A task the store owns, live (not cancelled). Cancelled work moves to
/// `Control.cancelledTasks` until its task returns, so that what it dispatches meanwhile can
/// be told apart: live, cancelled (dropped quietly), or from a context that outlived its work
/// (dropped and reported).
struct RunningTask: Sendable {
    let id: TaskID?
    /// `nil` between reserving the slot and registering the task.
    var task: Task<Void, Never>?
}

/// What became of work queued by ``Control/queue(_:)``.
@usableFromInline
enum Queued: Sendable {
    /// Another thread drains it.
    case queued
    /// The caller took the drain claim: it drains the queue.
    case drainQueue
    /// The store was cancelled: the work never runs.
    case dropped
}

/// What the store makes of input from async work, decided under the lock.
@usableFromInline
enum WorkLiveness: Sendable {
    /// The work runs and was not cancelled: its input is applied.
    case live
    /// The work was cancelled: its input is dropped quietly (latest wins).
    case cancelled
    /// The work has returned, but its context is still used (it escaped into another task):
    /// the input is dropped and the misuse reported.
    case ended
}

extension Control {
    /// Whether input from the work with `token` may still be applied.
    @usableFromInline func liveness(ofWork token: Int) -> WorkLiveness {
        if tasks[token] != nil { return .live }
        return isCancelled || cancelledTasks.contains(token) ? .cancelled : .ended
    }
}
