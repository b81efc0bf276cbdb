import MVI

extension Scenario {
    /// `send-*`: synchronous intents through a message reducer, with subscribers.
    static func send<State: CountingState>(
        _ name: String, _ summary: String, subscribers: Int, fullSize: Int = 1_000_000,
        makeState: @escaping () -> State
    ) -> Scenario {
        // Every subscriber is called once when it subscribes, then once per action.
        func expectCalls(_ sink: Sink, _ n: Int) -> String? {
            expect("subscriber calls", sink.calls, subscribers * (n + 1)) ?? expect("last count seen", sink.last, n)
        }
        return Scenario(
            name, summary, fullSize: fullSize, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenStore(state: makeState())
                        let sink = Sink()
                        for _ in 0..<subscribers { store.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .baselineB,
                    { n in
                        let store = MutexStore(state: makeState())
                        let sink = Sink()
                        for _ in 0..<subscribers { store.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .baselineC,
                    { n in
                        let store = ClaimingStore(state: makeState())
                        let sink = Sink()
                        for _ in 0..<subscribers { store.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: { expect("count", store.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(CounterFeature<State>(), initialState: makeState())
                        let sink = Sink()
                        let subscriptions = (0..<subscribers).map { _ in store.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscriptions) {
                                    expect("count", store.state.count, n) ?? expectCalls(sink, n)
                                }
                            })
                    }
                ),
            ])
    }
}
