import Foundation
import MVI

extension Scenario {
    /// `queued-intent-bytes`: heap bytes per intent waiting in a store's queue, behind a
    /// drainer busy in another thread's `execute` (what an unbounded queue costs while
    /// producers outrun the store; see the threading article). One op = one intent queued.
    ///
    /// The queue is an array of queue items, one slot per intent, grown by doubling: an
    /// intent costs a slot's stride, times up to two while the array is half empty. A slot is
    /// as wide as the largest thing a store queues, which includes its `State` (a replaced
    /// state waits in the queue too): the `-widestate` row has a state of eight strings inline.
    static func queuedIntentBytes<State: CountingState>(
        _ name: String, _ summary: String, makeState: @escaping @Sendable () -> State
    ) -> Scenario {
        Scenario(
            name, summary, fullSize: 100_000, smokeSize: 10_000, metric: .residentBytesPerInstance,
            systems: [
                (
                    .mvi,
                    { n in
                        let release = DispatchSemaphore(value: 0)
                        let entered = DispatchSemaphore(value: 0)
                        let store = Store(
                            BlockingFeature<State>(entered: entered, release: release), initialState: makeState())
                        Thread.detachNewThread { store.send(.block) }  // this thread drains, blocked
                        entered.wait()
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                let queued = store.pendingInputCount
                                release.signal()
                                while store.state.count < n { sched_yield() }
                                return expect("queued", queued, n)
                            })
                    }
                )
            ])
    }
}

/// A state eight strings wide, inline: 128 bytes, what a screen's state often is.
public struct WideState: CountingState {
    public var count = 0
    public var texts = ("", "", "", "", "", "", "", "")
    public init() {}
}

/// `CounterFeature` with an intent whose `execute` blocks its thread until released: the
/// drainer that others' intents queue behind.
struct BlockingFeature<State: CountingState>: Feature {
    enum Intent: Sendable { case block, increment }
    enum Message: Sendable { case add(Int) }
    typealias SideEffect = Never

    let entered: DispatchSemaphore
    let release: DispatchSemaphore

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .add(let amount): state.count &+= amount
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .block:
            entered.signal()
            release.wait()  // on a thread of its own
        case .increment: context.dispatch(.add(1))
        }
    }
}
