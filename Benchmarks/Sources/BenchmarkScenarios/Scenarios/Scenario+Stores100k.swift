import MVI

extension Scenario {
    /// `stores-100k`: many live stores with one subscriber each, one intent to each in turn
    /// (one op = one send); the summary's `stores100k_time/baseline`.
    static var stores100k: Scenario {
        let payload = [UInt8](repeating: 7, count: 1024)
        return Scenario(
            "stores-100k", "100,000 live stores with one subscriber each, one intent to each in turn",
            fullSize: 100_000, smokeSize: 2_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        let stores = (0..<n).map { _ in HandWrittenStore(state: BenchState(payload: payload)) }
                        let sink = Sink()
                        for store in stores { store.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for store in stores { store.send(.increment) } },
                            verify: {
                                expect("subscriber calls", sink.calls, 2 * n)
                                    ?? expect("stores at 1", stores.lazy.filter { $0.state.count == 1 }.count, n)
                            })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let stores = (0..<n).map { _ in
                            Store(CounterFeature<BenchState>(), initialState: BenchState(payload: payload))
                        }
                        let sink = Sink()
                        let subscriptions = stores.map { $0.subscribe { sink.observe($0.count) } }
                        return Trial(
                            operations: n,
                            run: { for store in stores { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscriptions) {
                                    expect("subscriber calls", sink.calls, 2 * n)
                                        ?? expect("stores at 1", stores.lazy.filter { $0.state.count == 1 }.count, n)
                                }
                            })
                    }
                ),
            ])
    }

    /// `stores-100k-bytes`: resident bytes per live store with one subscriber, from 100,000
    /// (one op = creating a store and subscribing to it); the summary's
    /// `stores100k_bytes/baseline`.
    static var stores100kBytes: Scenario {
        let payload = [UInt8](repeating: 7, count: 1024)
        return Scenario(
            "stores-100k-bytes", "resident bytes per live store with one subscriber, from 100,000",
            fullSize: 100_000, smokeSize: 2_000, metric: .residentBytesPerInstance,
            systems: [
                (
                    .baselineA,
                    { n in
                        let holder = Holder(capacity: n)
                        let sink = Sink()
                        return Trial(
                            operations: n,
                            run: {
                                for index in 0..<n {
                                    let store = HandWrittenStore(state: BenchState(payload: payload))
                                    store.subscribe { sink.observe($0.count) }
                                    holder.objects[index] = store
                                }
                            },
                            verify: { expect("stores kept", holder.kept, n) ?? expect("calls", sink.calls, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let stores = Holder(capacity: n)
                        let subscriptions = Holder(capacity: n)
                        let sink = Sink()
                        return Trial(
                            operations: n,
                            run: {
                                for index in 0..<n {
                                    let store = Store(
                                        CounterFeature<BenchState>(), initialState: BenchState(payload: payload))
                                    subscriptions.objects[index] = store.subscribe { sink.observe($0.count) }
                                    stores.objects[index] = store
                                }
                            },
                            verify: {
                                expect("stores kept", stores.kept, n) ?? expect(
                                    "subscriptions kept", subscriptions.kept, n)
                                    ?? expect("calls", sink.calls, n)
                            })
                    }
                ),
            ])
    }
}
