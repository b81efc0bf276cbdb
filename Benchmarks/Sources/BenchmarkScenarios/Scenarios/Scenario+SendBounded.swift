import MVI

extension Scenario {
    /// `send-bounded`: `send-1sub` on a store created with a `pendingInputLimit`, so that what
    /// the bound costs a plain send (which finds room) is this row against `send-1sub`'s.
    static var sendBounded: Scenario {
        Scenario(
            "send-bounded", "send-1sub on a store with a pendingInputLimit of 64 (the send finds room)",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (.baselineA, { n in .handWrittenSends(n) }),
                (
                    .mvi,
                    { n in
                        let store = Store(
                            CounterFeature<BenchState>(), initialState: BenchState(), pendingInputLimit: 64)
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                                        ?? expect("dropped", store.droppedInputCount, 0)
                                }
                            })
                    }
                ),
            ])
    }
}
