import Dispatch
import MVI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The executor a ``TestStore`` runs its store's async work on, so that it can tell when
/// that work is all suspended, and so that work woken by the test runs in step with it.
///
/// The store starts each task with this executor as its task executor preference (child
/// tasks inherit it). A task runs as jobs: one job from each resumption to its next
/// suspension point or its end. The executor counts jobs enqueued and not yet finished, so
/// a count of zero means every one of the store's tasks is suspended (waiting on a clock, a
/// continuation, a dependency) or has ended: exact quiescence, with no guessing by yields.
///
/// Jobs run one at a time, in order: the store's tasks never run in parallel with each other
/// under test. Code that hops to an actor (the main actor, say) runs there, not here, and
/// counts as suspended meanwhile.
///
/// **Waking runs the woken work on the waker's thread.** When a task outside the store wakes
/// the store's work (a `TestClock` advance resuming a sleep, a fake dependency resuming a
/// call) and no job of the store is running, the waker's thread runs the store's jobs itself,
/// before the wake-up returns, until the store's work is suspended again. So when
/// `clock.advance(by:)` looks for the next sleeper, the timer it just fired is already asleep
/// again: advancing by six intervals fires a repeating timer six times, every time, however
/// busy the machine is. Nothing blocks: the thread does the work it would otherwise wait for.
/// (An earlier version made the waker wait on a semaphore while a queue ran the work; on two
/// cores two such waits held the whole concurrency pool and the suite hung.)
///
/// The waker runs nothing when it is not a task (a dispatch timer, an event loop thread):
/// the work goes to the executor's serial queue. Nor while the test store itself calls into
/// the store (`send`, a barrier, the final cancel): cancelling work resumes its sleeps from
/// inside the runtime's cancellation handlers, under a lock the woken task needs to go on.
/// A waker that is running the store's jobs already only adds to them.
final class WorkExecutor: TaskExecutor {
    private struct State {
        /// Jobs waiting to run, in order.
        var pending: [UnownedJob] = []
        /// Where the next job to run is in `pending` (the jobs before it ran).
        var next = 0
        /// Jobs enqueued and not finished.
        var jobs = 0
        /// Bumped by every enqueue, so a waiter can tell that nothing ran meanwhile.
        var generation = 0
        /// Whether a thread is running the jobs (the queue or a waker): it takes new ones too.
        var isDraining = false
        var idleWaiters: [@Sendable () -> Void] = []
        /// Threads on which the test store calls into the store: a wake-up there runs nothing.
        var unwaitingThreads: [UInt: Int] = [:]
        /// Once closed (the test store is released), wake-ups run nothing.
        var isClosed = false

        /// The next job to run, or `nil` (the list then emptied for reuse).
        mutating func takeJob() -> UnownedJob? {
            guard next < pending.count else {
                clearPending()
                return nil
            }
            defer { next += 1 }
            return pending[next]
        }

        /// Empties the list of jobs, all of which ran, keeping its storage.
        mutating func clearPending() {
            pending.removeAll(keepingCapacity: true)
            next = 0
        }
    }

    /// How many jobs a waker runs before it leaves the rest to the queue: work that never
    /// suspends for long (a loop of `Task.yield()`) must not keep the waker forever.
    static let wakerJobLimit = 10_000

    private let queue = DispatchQueue(label: "MVITesting.TestStore.work")
    private let state = Locked(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let callerIsTask = withUnsafeCurrentTask { $0 != nil }
        let thread = Self.currentThread
        let runner: JobRunner? = state.withLock { state in
            state.jobs += 1
            state.generation += 1
            state.pending.append(job)
            // A thread running the jobs takes this one too.
            guard !state.isDraining else { return nil }
            state.isDraining = true
            let runsHere = callerIsTask && !state.isClosed && state.unwaitingThreads[thread] == nil
            return runsHere ? .waker : .queue
        }
        switch runner {
        case nil:
            return
        case .waker?:
            // The runtime calls `enqueue` through an unowned reference (a task's executor
            // preference), and a job run here may release the test store and with it the last
            // strong reference: the executor keeps itself alive until it stops draining.
            let retained = Unmanaged.passRetained(self)
            defer { retained.release() }
            drain(limit: Self.wakerJobLimit)
        case .queue?:
            // The block keeps the executor alive while it has jobs.
            queue.async { self.drain(limit: .max) }
        }
    }

    private enum JobRunner { case waker, queue }

    /// Runs jobs until none is left (then the executor is idle), or `limit` jobs ran (then
    /// the queue takes over).
    private func drain(limit: Int) {
        var ran = 0
        while true {
            let job: UnownedJob?? = state.withLock { state in
                // At the limit, still draining: the queue goes on with the rest.
                guard ran < limit else { return .some(nil) }
                if let job = state.takeJob() { return job }
                state.isDraining = false
                return nil
            }
            guard let next = job else { return }
            guard let job = next else { break }
            job.runSynchronously(on: asUnownedTaskExecutor())
            ran += 1
            let (waiters, isIdle) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
                state.jobs -= 1
                guard state.jobs == 0 else { return ([], false) }
                // Nothing is left (every job enqueued is counted in `jobs`): stop draining
                // before anyone hears that the executor is idle. A test told so goes on at
                // once, and its next wake-up (a clock advance) must find no drainer, so that
                // it runs the work it wakes itself; finding this one still draining, it left
                // the work to it and raced it (3 of 16,000 advances lost a tick).
                state.isDraining = false
                state.clearPending()
                defer { state.idleWaiters.removeAll() }
                return (state.idleWaiters, true)
            }
            for waiter in waiters { waiter() }
            if isIdle { return }
        }
        queue.async { self.drain(limit: .max) }  // the block keeps the executor alive
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `body`, in which the work it wakes or starts is left to the queue: the test store
    /// waits for quiescence itself afterwards, and `body` may cancel work.
    func withoutWaiting<R>(_ body: () throws -> R) rethrows -> R {
        let thread = Self.currentThread
        state.withLock { $0.unwaitingThreads[thread, default: 0] += 1 }
        defer {
            state.withLock { state in
                let depth = state.unwaitingThreads[thread, default: 1] - 1
                state.unwaitingThreads[thread] = depth == 0 ? nil : depth
            }
        }
        return try body()
    }

    /// Stops wake-ups from running work, for good: the test store is going away.
    func close() {
        state.withLock { $0.isClosed = true }
    }

    /// The number of jobs enqueued so far: equal before and after a wait, with no job
    /// running, means nothing ran in between.
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Whether no job is enqueued or running, and none was enqueued since `generation`.
    func isIdle(since generation: Int) -> Bool {
        state.withLock { $0.jobs == 0 && $0.generation == generation }
    }

    /// Calls `body` once no job is enqueued or running: at once if that is now.
    func whenIdle(_ body: @escaping @Sendable () -> Void) {
        let isIdle = state.withLock { state -> Bool in
            if state.jobs == 0 { return true }
            state.idleWaiters.append(body)
            return false
        }
        if isIdle { body() }
    }
}
