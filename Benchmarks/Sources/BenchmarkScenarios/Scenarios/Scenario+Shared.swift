import MVI

extension Scenario {
    /// `shared-write-2` and `shared-write-100`: a send whose reducer changes a part of the
    /// state bound to a `Shared` value that `readers` stores in all share (the sender's
    /// included), each with one subscriber. Every operation is one write seen by every store:
    /// the sender's reducer runs under the value's lock, the change is queued into the other
    /// stores and each applies it as its own event, on the sender's thread (nobody else
    /// drains them). The baseline is hand-written stores whose first store's subscriber
    /// copies its count into every other store.
    static func sharedWrite(_ name: String, readers: Int, fullSize: Int) -> Scenario {
        Scenario(
            name, "a send whose reducer writes a Shared value read by \(readers) stores, one subscriber each",
            fullSize: fullSize, smokeSize: max(1, fullSize / 100),
            systems: [
                (
                    .baselineA,
                    { n in
                        let stores = (0..<readers).map { _ in HandWrittenStore(state: BenchState()) }
                        let sinks = stores.map { _ in Sink() }
                        for (store, sink) in zip(stores, sinks) { store.subscribe { sink.observe($0.count) } }
                        let sender = stores[0]
                        sender.subscribe { state in
                            let count = state.count
                            for other in stores.dropFirst() where other.state.count != count {
                                other.intent { $0.count = count }
                            }
                        }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { sender.send(.increment) } },
                            verify: { expect("last store's count", stores[readers - 1].state.count, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let shared = Shared(0)
                        let stores = (0..<readers).map { _ in
                            Store(
                                CounterFeature<BenchState>(), initialState: BenchState(),
                                sharing: [.init(\.count, shared)])
                        }
                        let sinks = stores.map { _ in Sink() }
                        let subscriptions = zip(stores, sinks).map { store, sink in
                            store.subscribe { sink.observe($0.count) }
                        }
                        let sender = stores[0]
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { sender.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscriptions) {
                                    expect("shared value", shared.value, n)
                                        ?? expect("last store's count", stores[readers - 1].state.count, n)
                                        ?? expect("last count seen", sinks[readers - 1].last, n)
                                }
                            })
                    }
                ),
            ])
    }
}
