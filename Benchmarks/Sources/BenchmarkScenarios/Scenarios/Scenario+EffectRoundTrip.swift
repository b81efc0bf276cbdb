import Dispatch
import MVI

extension Scenario {
    /// `effect-roundtrip`: intent, async work in a task, message back, new state observed.
    /// One at a time, so the time per operation is the latency of the round trip.
    static var effectRoundTrip: Scenario {
        Scenario(
            "effect-roundtrip", "intent -> async work -> message -> state observed (latency)",
            fullSize: 20_000, smokeSize: 500,
            systems: [
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenStore(state: BenchState())
                        let observed = DispatchSemaphore(value: 0)
                        store.subscribe { if $0.count > 0 { observed.signal() } }
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    store.load()
                                    observed.wait()
                                }
                            },
                            verify: { expect("count", store.state.count, n) })
                    }
                ),
                (
                    .baselineB,
                    { n in
                        let store = MutexStore(state: BenchState())
                        let observed = DispatchSemaphore(value: 0)
                        store.subscribe { if $0.count > 0 { observed.signal() } }
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    store.load()
                                    observed.wait()
                                }
                            },
                            verify: { expect("count", store.state.count, n) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(EffectFeature(), initialState: BenchState())
                        let observed = DispatchSemaphore(value: 0)
                        let subscription = store.subscribe { if $0.count > 0 { observed.signal() } }
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    store.send(.load)
                                    observed.wait()
                                }
                            },
                            verify: {
                                withExtendedLifetime(subscription) { expect("count", store.state.count, n) }
                            })
                    }
                ),
            ])
    }

    /// `effect-awaited`: the round trip of `effect-roundtrip` sent with `sendAwaitingWork`,
    /// one after another from one task: the intent, its work, the message, and the sender
    /// resumed once the work has ended (pull-to-refresh). swift-mvi only: the baselines have
    /// no such send.
    static var effectAwaited: Scenario {
        Scenario(
            "effect-awaited", "effect-roundtrip through sendAwaitingWork: the sender resumed when the work ends",
            fullSize: 20_000, smokeSize: 500,
            systems: [
                (
                    .mvi,
                    { n in
                        let store = Store(EffectFeature(), initialState: BenchState())
                        return Trial(
                            operations: n,
                            run: {
                                let done = DispatchSemaphore(value: 0)
                                Task {
                                    for _ in 0..<n { await store.sendAwaitingWork(.load) }
                                    done.signal()
                                }
                                done.wait()
                            },
                            verify: { expect("count", store.state.count, n) })
                    }
                )
            ])
    }
}
