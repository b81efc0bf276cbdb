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
/// Jobs run one at a time, in order, on a serial dispatch queue: the store's tasks never run
/// in parallel with each other under test. Code that hops to an actor (the main actor, say)
/// runs there, not here, and counts as suspended meanwhile.
///
/// **Waking is synchronous.** A task outside the store that wakes the store's work (a
/// `TestClock` advance resuming a sleep, a fake dependency resuming a call) waits, inside that
/// wake-up, until the store's work is suspended again. So when `clock.advance(by:)` looks for
/// the next sleeper, the timer it just fired is already asleep again: advancing by six
/// intervals fires a repeating timer six times, every time, however busy the machine is.
/// The swift-clocks `TestClock` resumes sleepers outside its lock, so nothing the woken work
/// needs is held while the waker waits.
///
/// The waker does not wait when it is one of the store's own jobs (it would wait for
/// itself), when it is not a task (a dispatch callback), or while the test store itself calls
/// into the store (`send`, a barrier, the final cancel): cancelling work resumes its sleeps
/// from inside the runtime's cancellation handlers, under a lock the woken task needs to go on.
final class WorkExecutor: TaskExecutor {
    private struct State {
        /// Jobs enqueued and not finished.
        var jobs = 0
        /// Bumped by every enqueue, so a waiter can tell that nothing ran meanwhile.
        var generation = 0
        var idleWaiters: [@Sendable () -> Void] = []
        /// Threads on which the test store calls into the store: a wake-up there does not wait.
        var unwaitingThreads: [UInt: Int] = [:]
        /// Once closed (the test store is released), wake-ups no longer wait.
        var isClosed = false
    }

    /// Marks the queues of every test store's executor: a job of one never waits for work of
    /// another, which could be waiting for it.
    private static let queueKey = DispatchSpecificKey<Bool>()

    private let queue: DispatchQueue
    private let state = Locked(State())

    init() {
        queue = DispatchQueue(label: "MVITesting.TestStore.work")
        queue.setSpecific(key: Self.queueKey, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let waits = Self.callerMayWait
        let thread = Self.currentThread
        let wakeUp = state.withLock { state -> WakeUp? in
            state.jobs += 1
            state.generation += 1
            guard waits, !state.isClosed, state.unwaitingThreads[thread] == nil else { return nil }
            let wakeUp = WakeUp()
            state.idleWaiters.append { wakeUp.signal() }
            return wakeUp
        }
        // The block keeps the executor alive while it has jobs.
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            let waiters = self.state.withLock { state -> [@Sendable () -> Void] in
                state.jobs -= 1
                guard state.jobs == 0 else { return [] }
                defer { state.idleWaiters.removeAll() }
                return state.idleWaiters
            }
            for waiter in waiters { waiter() }
        }
        wakeUp?.wait()
    }

    /// Whether the calling thread may wait for the store's work: it runs a task, and that
    /// task is not one of a test store's.
    private static var callerMayWait: Bool {
        if DispatchQueue.getSpecific(key: queueKey) == true { return false }
        return withUnsafeCurrentTask { $0 != nil }
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `body`, in which the work it wakes or starts does not make this thread wait: the
    /// test store waits for quiescence itself afterwards, and `body` may cancel work.
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

    /// Stops wake-ups from waiting, for good: the test store is going away.
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

/// One waker's wait for the store's work to be suspended again.
private final class WakeUp: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    func wait() { semaphore.wait() }
}
