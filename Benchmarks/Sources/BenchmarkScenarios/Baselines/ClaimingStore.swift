import Synchronization

/// Baseline (c): the floor for a store that, like swift-mvi's, never runs user code under
/// its lock. Three short lock sections per action: claim the right to process (or queue),
/// reduce (so readers on other threads see whole states), release the claim if nothing
/// was queued meanwhile; subscribers run between them, outside the lock.
/// Nothing else: no queue handling, no middleware, no contexts.
final class ClaimingStore<State: CountingState>: @unchecked Sendable {
    // @unchecked: `state` is written only under `lock` by the thread holding the claim, and
    // read without the lock only by that thread; `subscribers` is set up before any send.
    private struct Control {
        var isProcessing = false
        var queued = 0
    }

    private let lock = Mutex(Control())
    private var state: State
    private var subscribers: [(State) -> Void] = []

    init(state: State) {
        self.state = state
    }

    var count: Int { lock.withLock { _ in state.count } }

    func subscribe(_ subscriber: @escaping (State) -> Void) {
        subscribers.append(subscriber)
        subscriber(state)
    }

    func send(_ action: CounterAction) {
        let claimed = lock.withLock { control -> Bool in
            if control.isProcessing {
                control.queued += 1  // a real store queues the action here
                return false
            }
            control.isProcessing = true
            return true
        }
        guard claimed else { return }
        lock.withLock { _ in HandWrittenStore<State>.reduce(&state, action) }
        for subscriber in subscribers { subscriber(state) }
        lock.withLock { control in
            if control.queued == 0 { control.isProcessing = false }
        }
    }
}
