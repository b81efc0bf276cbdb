import Foundation
import MVI
import Synchronization

extension Scenario {
    /// `concurrent-send-8-read`: `concurrent-send-8` while another thread reads
    /// `pendingInputCount` continuously, as a producer watching the queue does. Its time over
    /// `concurrent-send-8`'s, in one run (the summary's `read8/concurrent8`), is what reading
    /// the count costs the senders: at most 1.5 (issue 48; it was 5.3 when the count walked the
    /// queue under the lock, 6.0 s to 32.0 s for 800,000 sends read every 200 µs).
    static var concurrentSend8Read: Scenario {
        Scenario(
            "concurrent-send-8-read", "concurrent-send-8 with a thread reading pendingInputCount continuously",
            fullSize: 1_000_000, smokeSize: 40_000,
            systems: [
                (
                    .mvi,
                    { n in
                        let store = Store(CounterFeature<BenchState>(), initialState: BenchState())
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        let reader = CountReader()
                        return Trial(
                            operations: n,
                            run: {
                                reader.start { _ = store.pendingInputCount }
                                inThreads(8, n) { store.send(.increment) }
                                reader.stop()
                                waitUntilApplied(store, n)
                            },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("calls", sink.calls, n + 1)
                                        ?? (reader.reads > 0 ? nil : "the count was never read")
                                }
                            })
                    }
                )
            ])
    }
}

/// A thread that runs `read` in a loop from ``start(_:)`` until ``stop()``, which waits for it.
final class CountReader: Sendable {
    private let running = Atomic<Bool>(false)
    private let readCount = Atomic<Int>(0)
    private let stopped = DispatchSemaphore(value: 0)

    /// How many reads the last run made.
    var reads: Int { readCount.load(ordering: .relaxed) }

    func start(_ read: @escaping @Sendable () -> Void) {
        running.store(true, ordering: .sequentiallyConsistent)
        Thread.detachNewThread { [self] in
            var reads = 0
            while running.load(ordering: .relaxed) {
                read()
                reads += 1
            }
            readCount.store(reads, ordering: .relaxed)
            stopped.signal()
        }
    }

    func stop() {
        running.store(false, ordering: .sequentiallyConsistent)
        stopped.wait()
    }
}
