import Dispatch
import MVI

/// Where a rerun's code runs: the rerun's driver (sending the recorded intents, comparing the
/// events) and the async work of its store, on a serial queue of its own, off Swift's
/// concurrency pool.
///
/// On the pool, a rerun of 50,000 intents held one of its threads for seconds, and work that
/// never suspends (a busy loop) held one for good: with as many such items as cores, nothing
/// else in the app ran, the debugger's other connections included, and the rerun never saw
/// its own deadline. Here such work holds the rerun's queue only: the app goes on, and the
/// deadline (a dispatch timer, see ``RerunRace``) ends the rerun whatever its work does.
///
/// One executor per rerun: a queue that work never lets go of stays with that rerun, and
/// later reruns get queues of their own. Its blocks keep it alive while it has jobs; the
/// store keeps it alive while the store's tasks may enqueue more (its test support holds it).
final class RerunExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: "MVITimeTravel.rerun.\(label)", qos: .utility)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The outcome of a rerun, or its deadline, whichever comes first: resumes the rerun's caller
/// once, from the driver's end or from a dispatch timer, so that a rerun whose work never
/// suspends still returns at its deadline.
///
/// The timer runs on a dispatch queue, not on Swift's concurrency pool, so that it fires even
/// when work that never suspends holds every thread of the pool.
final class RerunRace<Value: Sendable>: Sendable {
    private enum State: Sendable {
        case waiting(CheckedContinuation<Value?, Never>?)
        case ended(Value?)
    }

    private let state = Locked<State>(.waiting(nil))

    /// Ends the race with `value`, or with `nil` for the deadline; later calls do nothing.
    func end(_ value: Value?) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .ended(value)
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// The value the race ended with: `nil` if the deadline came first.
    func outcome(deadline: ContinuousClock.Instant) async -> Value? {
        let now = ContinuousClock.now
        let timer = DispatchSource.makeTimerSource(queue: RerunRaceQueue.shared)
        let nanoseconds = now < deadline ? (deadline - now).nanoseconds : 0
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        timer.setEventHandler { [weak self] in self?.end(nil) }
        timer.resume()
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Value?? in
                switch state {
                case .ended(let value): return .some(value)
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                }
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }
}

/// The queue reruns' deadlines fire on, and their stores are cancelled on: a serial queue of
/// its own, so that reruns' work that never suspends, spinning on the global queues' threads,
/// cannot delay a deadline (a serial queue gets a thread of its own when the pool has none
/// free).
enum RerunRaceQueue {
    static let shared = DispatchQueue(label: "MVITimeTravel.rerun.deadlines", qos: .userInitiated)
}
