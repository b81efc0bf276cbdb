import MVI

extension Scenario {
    /// `create-store`: creating a store and releasing it (no subscriber, no work); the
    /// summary's `create/baseline` is its ratio to the hand-written store.
    static var createStore: Scenario {
        let payload = [UInt8](repeating: 7, count: 1024)
        return Scenario(
            "create-store", "creating a store and releasing it",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (
                    .baselineA,
                    { n in
                        var created = 0
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    let store = HandWrittenStore(state: BenchState(payload: payload))
                                    created &+= escape(store) ? 1 : 0
                                }
                            },
                            verify: { expect("stores created", created, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        var created = 0
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    let store = Store(
                                        CounterFeature<BenchState>(), initialState: BenchState(payload: payload))
                                    created &+= escape(store) ? 1 : 0
                                }
                            },
                            verify: { expect("stores created", created, n) })
                    }
                ),
            ])
    }
}

/// Lets `object` escape, so the optimizer cannot put it on the stack or drop it; true always.
@inline(never)
private func escape(_ object: AnyObject) -> Bool {
    lastCreated = object
    return true
}

/// Where ``escape(_:)`` puts each created store (released when the next one is created).
nonisolated(unsafe) private var lastCreated: AnyObject?  // written only by the benchmark's one thread
