import Dispatch
import MVI

extension Scenario {
    /// `concurrent-send`: two tasks send half the intents each; the final count must be exact.
    ///
    /// Baseline (a) cannot be shared between threads, so its row sends all intents from one
    /// thread: the hand-written limit for the same amount of work.
    static var concurrentSend: Scenario {
        Scenario(
            "concurrent-send", "2 tasks sending half each; throughput, final count checked",
            fullSize: 1_000_000, smokeSize: 20_000, systems: [
                (.baselineA, { n in
                    let store = HandWrittenStore(state: BenchState())
                    let sink = Sink()
                    store.subscribe { sink.observe($0.count) }
                    return Trial(
                        operations: n,
                        run: { for _ in 0..<n { store.send(.increment) } },
                        verify: { expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1) })
                }),
                (.baselineB, { n in
                    let store = MutexStore(state: BenchState())
                    let sink = Sink()
                    store.subscribe { sink.observe($0.count) }
                    return Trial(
                        operations: n,
                        run: { inTwoTasks(n) { store.send(.increment) } },
                        verify: { expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1) })
                }),
                (.mvi, { n in
                    let store = Store(CounterFeature<BenchState>(), initialState: BenchState())
                    let sink = Sink()
                    let subscription = store.subscribe { sink.observe($0.count) }
                    return Trial(
                        operations: n,
                        run: { inTwoTasks(n) { store.send(.increment) } },
                        verify: {
                            withExtendedLifetime(subscription) {
                                expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1)
                            }
                        })
                }),
            ])
    }
}

/// Runs `operation` `n` times in all, half in each of two detached tasks, and returns when
/// both are done.
private func inTwoTasks(_ n: Int, _ operation: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let half = n / 2
    for share in [half, n - half] {
        Task.detached {
            for _ in 0..<share { operation() }
            done.signal()
        }
    }
    done.wait()
    done.wait()
}
