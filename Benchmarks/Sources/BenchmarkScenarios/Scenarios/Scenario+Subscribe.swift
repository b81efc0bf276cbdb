import MVI

extension Scenario {
    /// `subscribe`: one subscriber on an idle store; the allocations and heap bytes one
    /// subscription costs (one op = subscribing once to one of many stores made beforehand).
    static var subscribe: Scenario {
        let payload = [UInt8](repeating: 7, count: 1024)
        return Scenario(
            "subscribe", "allocations and heap bytes of one subscriber on a store (one op = one subscribe)",
            fullSize: 100_000, smokeSize: 1_000, metric: .residentBytesPerInstance,
            systems: [
                (
                    .baselineA,
                    { n in
                        let stores = (0..<n).map { _ in HandWrittenStore(state: BenchState(payload: payload)) }
                        let sink = Sink()
                        return Trial(
                            operations: n,
                            run: { for store in stores { store.subscribe { sink.observe($0.count) } } },
                            verify: { withExtendedLifetime(stores) { expect("subscriber calls", sink.calls, n) } })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let stores = (0..<n).map { _ in
                            Store(CounterFeature<BenchState>(), initialState: BenchState(payload: payload))
                        }
                        let sink = Sink()
                        let subscriptions = Holder(capacity: n)
                        return Trial(
                            operations: n,
                            run: {
                                for index in 0..<n {
                                    subscriptions.objects[index] = stores[index].subscribe { sink.observe($0.count) }
                                }
                            },
                            verify: {
                                withExtendedLifetime(stores) {
                                    expect("subscriber calls", sink.calls, n)
                                        ?? expect("subscriptions kept", subscriptions.kept, n)
                                }
                            })
                    }
                ),
            ])
    }
}
