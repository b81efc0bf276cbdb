import Synchronization

/// Baseline (b): baseline (a) behind a `Mutex`, the floor for a thread-safe store. The
/// reduction and the notification happen under the lock, so nothing copies the state.
final class MutexStore<State: CountingState>: Sendable {
    private struct Guarded {
        var state: State
        var subscribers: [@Sendable (State) -> Void] = []
    }

    private let guarded: Mutex<Guarded>

    init(state: State) {
        guarded = Mutex(Guarded(state: state))
    }

    var state: State { guarded.withLock { $0.state } }

    func subscribe(_ subscriber: @escaping @Sendable (State) -> Void) {
        guarded.withLock { guarded in
            guarded.subscribers.append(subscriber)
            subscriber(guarded.state)
        }
    }

    func send(_ action: CounterAction) {
        guarded.withLock { guarded in
            HandWrittenStore<State>.reduce(&guarded.state, action)
            for subscriber in guarded.subscribers { subscriber(guarded.state) }
        }
    }

    /// The closure-intent style: the caller passes the reduction.
    func intent(_ reduce: (inout State) -> Void) {
        guarded.withLock { guarded in
            reduce(&guarded.state)
            for subscriber in guarded.subscribers { subscriber(guarded.state) }
        }
    }

    /// Sends `.loaded` back from a task, as async work would.
    func load() {
        Task { self.send(.loaded) }
    }
}
