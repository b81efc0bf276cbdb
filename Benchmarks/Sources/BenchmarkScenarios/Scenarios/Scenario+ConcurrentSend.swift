import Dispatch
import Foundation
import MVI

#if canImport(Glibc)
import Glibc
#endif

extension Scenario {
    /// `concurrent-send`: two tasks send half the intents each; the final count must be exact.
    ///
    /// Baseline (a) cannot be shared between threads, so its row sends all intents from one
    /// thread: the hand-written limit for the same amount of work.
    static var concurrentSend: Scenario {
        Scenario(
            "concurrent-send", "2 tasks sending half each; throughput, final count checked",
            fullSize: 1_000_000, smokeSize: 20_000,
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
                            verify: { expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1) })
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
                            run: { inTwoTasks(n) { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(CounterFeature<BenchState>(), initialState: BenchState())
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: {
                                inTwoTasks(n) { store.send(.increment) }
                                waitUntilApplied(store, n)
                            },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1)
                                }
                            })
                    }
                ),
            ])
    }
}

extension Scenario {
    /// `concurrent-send-8`: eight threads send an eighth of the intents each, against the
    /// hand-written store with a mutex; the final count must be exact.
    static var concurrentSend8: Scenario {
        Scenario(
            "concurrent-send-8", "8 threads sending an eighth each; throughput, final count checked",
            fullSize: 1_000_000, smokeSize: 40_000,
            systems: [
                (
                    .baselineB,
                    { n in
                        let store = MutexStore(state: BenchState())
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { inThreads(8, n) { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1) })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let store = Store(CounterFeature<BenchState>(), initialState: BenchState())
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: {
                                inThreads(8, n) { store.send(.increment) }
                                waitUntilApplied(store, n)
                            },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1)
                                }
                            })
                    }
                ),
            ])
    }
}

/// Waits until the store has applied `n` increments: a drain handed over to a task after a
/// fair share may still run when the senders return, and its work belongs to the trial.
func waitUntilApplied(_ store: Store<CounterFeature<BenchState>>, _ n: Int) {
    while store.state.count < n { sched_yield() }
}

/// Runs `operation` `n` times in all, shared among `count` threads, and returns when all
/// are done. Threads, not tasks: the cooperative pool has one thread per core.
func inThreads(_ count: Int, _ n: Int, _ operation: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let share = n / count + (index < n % count ? 1 : 0)
        Thread.detachNewThread {
            start.wait()
            for _ in 0..<share { operation() }
            done.signal()
        }
    }
    for _ in 0..<count { start.signal() }
    for _ in 0..<count { done.wait() }
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
