/// Baseline (a): the hand-written limit. A class holding a struct state, a switch reducer
/// applied in place, subscriber closures called with the new state. No synchronization.
final class HandWrittenStore<State: CountingState>: @unchecked Sendable {
    // @unchecked: unsynchronized on purpose (it is the limit); every scenario uses an
    // instance from one thread at a time (in `effect-roundtrip` the sender waits while the
    // task applies the result).
    private(set) var state: State
    private var subscribers: [(State) -> Void] = []

    init(state: State) {
        self.state = state
    }

    func subscribe(_ subscriber: @escaping (State) -> Void) {
        subscribers.append(subscriber)
        subscriber(state)
    }

    func send(_ action: CounterAction) {
        Self.reduce(&state, action)
        notify()
    }

    /// The closure-intent style: the caller passes the reduction.
    func intent(_ reduce: (inout State) -> Void) {
        reduce(&state)
        notify()
    }

    /// Sends `.loaded` back from a task, as async work would.
    func load() {
        Task { self.send(.loaded) }
    }

    private func notify() {
        for subscriber in subscribers { subscriber(state) }
    }

    static func reduce(_ state: inout State, _ action: CounterAction) {
        switch action {
        case .increment, .loaded: state.count &+= 1
        }
    }
}
