import MVI
import MVITimeTravel

/// Where the `replayable` calls of a store under `explore` wait for their outcome: each call
/// registers here and suspends, and explore's driver answers it when its choices say, with
/// the outcome its ``ExploreEndpoint`` makes. A call of an endpoint explore was not given runs
/// the endpoint itself.
final class CallDesk: CallAnswerer {
    /// A call waiting for its outcome.
    struct Call: Identifiable {
        let id: Int
        let name: String
        /// How many steps of the driver had run when the call arrived: a call answered later
        /// was delayed.
        let arrivedAt: Int
        let continuation: CheckedContinuation<RecordedCalls.Outcome, Never>
    }

    private struct State {
        var waiting = WaitingList<Call>()
        var nextID = 0
        /// How many steps the driver has run.
        var clock = 0
    }

    private let endpoints: Set<String>
    private let state = Locked(State())

    init(endpoints: Set<String>) {
        self.endpoints = endpoints
    }

    func answer(_ name: String) async -> RecordedCalls.Outcome {
        guard endpoints.contains(name) else { return .notRecordable }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RecordedCalls.Outcome, Never>) in
                let registered = state.withLock { state in
                    state.waiting.register(Call(id: id, name: name, arrivedAt: state.clock, continuation: continuation))
                }
                if !registered { continuation.resume(returning: .cancelled) }
            }
        } onCancel: {
            // The store cancelled the work that made the call: it ends as a cancelled call does.
            state.withLock { $0.waiting.cancel(id) }?.continuation.resume(returning: .cancelled)
        }
    }

    /// The calls waiting, oldest first, each with the number of steps it has waited for.
    var waiting: [(name: String, age: Int)] {
        state.withLock { state in state.waiting.waiters.map { ($0.name, state.clock - $0.arrivedAt) } }
    }

    /// Notes that the driver ran one more step.
    func tick() {
        state.withLock { $0.clock += 1 }
    }

    /// Answers the waiting call at `index` (0 the oldest) with `outcome`.
    func answer(at index: Int, with outcome: RecordedCalls.Outcome) {
        let call = state.withLock { state -> Call? in
            state.waiting.waiters.indices.contains(index) ? state.waiting.waiters.remove(at: index) : nil
        }
        call?.continuation.resume(returning: outcome)
    }

    /// Ends every waiting call as cancelled: the sequence is over.
    func cancelAll() {
        let calls = state.withLock { state -> [Call] in
            defer { state.waiting.waiters.removeAll() }
            return state.waiting.waiters
        }
        for call in calls { call.continuation.resume(returning: .cancelled) }
    }
}
