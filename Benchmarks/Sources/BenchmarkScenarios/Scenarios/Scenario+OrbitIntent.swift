import MVI

extension Scenario {
    /// `orbit-intent`: the closure-intent style (a `Container`), one subscriber.
    static var orbitIntent: Scenario {
        func expectCalls(_ sink: Sink, _ n: Int) -> String? {
            expect("subscriber calls", sink.calls, n + 1) ?? expect("last count seen", sink.last, n)
        }
        return Scenario(
            "orbit-intent", "one closure intent that reduces with a block, one subscriber",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenStore(state: BenchState())
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.intent { $0.count &+= 1 } } },
                            verify: { expect("count", store.state.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .baselineB,
                    { n in
                        let store = MutexStore(state: BenchState())
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.intent { $0.count &+= 1 } } },
                            verify: { expect("count", store.state.count, n) ?? expectCalls(sink, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let container = Container<BenchState, Never>(initialState: BenchState())
                        let sink = Sink()
                        let subscription = container.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    container.intent { context in context.reduce { $0.count &+= 1 } }
                                }
                            },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", container.state.count, n) ?? expectCalls(sink, n)
                                }
                            })
                    }
                ),
            ])
    }
}
