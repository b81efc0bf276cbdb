import Dispatch
import MVI

/// The executor a ``TestStore`` runs its store's async work on, so that it can tell when
/// that work is all suspended.
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
final class WorkExecutor: TaskExecutor {
    private struct State {
        /// Jobs enqueued and not finished.
        var jobs = 0
        /// Bumped by every enqueue, so a waiter can tell that nothing ran meanwhile.
        var generation = 0
        var idleWaiters: [@Sendable () -> Void] = []
    }

    private let queue = DispatchQueue(label: "MVITesting.TestStore.work")
    private let state = Locked(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { state in
            state.jobs += 1
            state.generation += 1
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
