import Foundation
import MVI

/// How far a rerun has got: the intents it sent, the messages and side effects its store
/// made, and whether the rerun gave up at its deadline (then the store is cancelled).
final class RerunProgress: Sendable {
    private struct State: Sendable {
        var made = 0
        var sent = 0
        var intents: Int?
        var gaveUp = false
        /// Cancels the rerun's store, once it exists.
        var cancelStore: (@Sendable () -> Void)?
        /// The ids of the store's running work, once the store exists.
        var runningWork: (@Sendable () -> [String?])?
    }

    private let state = Locked(State())

    func madeOne() {
        state.withLock { $0.made += 1 }
    }

    func sentOne() {
        state.withLock { $0.sent += 1 }
    }

    /// The store is made and will get `intents` intents; `false` if the rerun gave up already.
    func begin<F: Feature>(intents: Int, store: Store<F>) -> Bool {
        state.withLock { state in
            state.intents = intents
            state.cancelStore = { store.cancel() }
            state.runningWork = { store.runningTaskDescriptions }
            return !state.gaveUp
        }
    }

    /// Gives the rerun up: returns how far it got and the work it leaves running, and
    /// cancels its store (on a dispatch queue: the caller never waits for the store).
    func giveUp() -> (sent: Int, intents: Int?, leftRunning: [String]) {
        let (sent, intents, cancel, running) = state.withLock { state in
            state.gaveUp = true
            return (state.sent, state.intents, state.cancelStore, state.runningWork)
        }
        let leftRunning = (running?() ?? []).map { $0 ?? "work without an id" }
        if let cancel { RerunRaceQueue.shared.async(execute: cancel) }
        return (sent, intents, leftRunning)
    }

    /// The error of a rerun that gave up, as its driver sees it.
    func timedOut(_ store: String) -> TimeTravelReplayError {
        let (sent, intents) = state.withLock { ($0.sent, $0.intents) }
        return .timedOut(store: store, sentIntents: sent, intents: intents, leftRunning: [])
    }

    /// Waits until the store has made `count` messages and side effects (or, with `nil`, has
    /// nothing left to do), or is idle short of that. `false` if the rerun gave up.
    func wait<F: Feature>(untilCount count: Int?, store: Store<F>) async -> Bool {
        var backoff = PollBackoff()
        while true {
            let (made, gaveUp) = state.withLock { ($0.made, $0.gaveUp) }
            if gaveUp { return false }
            if let count, made >= count { return true }
            if store.pendingInputCount == 0 && store.runningTaskCount == 0 {
                // Idle now: make sure (a message of work that just ended may be on its way in).
                await store.waitForIdle()
                let (again, gaveUp) = state.withLock { ($0.made, $0.gaveUp) }
                if gaveUp { return false }
                if again == made { return true }
                continue
            }
            // Work runs: it ends, or makes what the next intent waits for.
            await backoff.pause()
        }
    }
}

/// Counts the messages and side effects of a rerun's store.
struct ProgressMiddleware<Target: Feature>: Middleware {
    let progress: RerunProgress

    init(_ progress: RerunProgress) {
        self.progress = progress
    }

    var observedEventKinds: Set<StoreEvent<Target>.Kind> { [.message, .sideEffect] }

    func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        progress.madeOne()
    }
}
