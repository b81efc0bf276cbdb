import MVI
import MVIDependencies

extension Scenario {
    /// `send-1dependency`: `send-1sub` whose `execute` reads one dependency, in a store made
    /// with `environment: .dependencies { … }` (which overrides it to 1). What reading
    /// dependencies costs a send is this row against `send-1sub`'s; a store without an
    /// environment pays nothing (`send-1sub` itself).
    static var sendReadingADependency: Scenario {
        Scenario(
            "send-1dependency", "send-1sub whose execute reads one swift-dependencies value, overridden for the store",
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
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n) }
                        )
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(
                            SteppingFeature<BenchState>(), initialState: BenchState(),
                            environment: .dependencies { $0.incrementStep = 1 })
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                                }
                            })
                    }
                ),
            ])
    }
}
