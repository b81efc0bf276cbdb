import MVI

extension Scenario {
    /// `idle-store-bytes`: resident memory per idle store (no subscriber, no work), from many.
    ///
    /// All stores share one payload array, so the figure is the store's own cost.
    static var idleStoreBytes: Scenario {
        let payload = [UInt8](repeating: 7, count: 1024)
        return Scenario(
            "idle-store-bytes", "resident bytes per idle store (one op = creating one)",
            fullSize: 100_000, smokeSize: 1_000, metric: .residentBytesPerInstance,
            systems: [
                (
                    .baselineA,
                    { n in
                        keepAlive(n) { HandWrittenStore(state: BenchState(payload: payload)) }
                    }
                ),
                (
                    .baselineB,
                    { n in
                        keepAlive(n) { MutexStore(state: BenchState(payload: payload)) }
                    }
                ),
                (
                    .mvi,
                    { n in
                        keepAlive(n) { Store(CounterFeature<BenchState>(), initialState: BenchState(payload: payload)) }
                    }
                ),
            ])
    }
}

/// A trial that creates `n` instances and keeps them as long as the trial lives. The array
/// that holds them is allocated and touched before the clock starts, so it is not counted.
private func keepAlive(_ n: Int, _ make: @escaping () -> AnyObject) -> Trial {
    let holder = Holder(capacity: n)
    return Trial(
        operations: n,
        run: { for index in 0..<n { holder.objects[index] = make() } },
        verify: { expect("instances kept", holder.kept, n) })
}
