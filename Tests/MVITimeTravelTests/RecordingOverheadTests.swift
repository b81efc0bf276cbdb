import Foundation
import MVI
import MVITimeTravel
import Synchronization
import Testing

/// The `send-1sub-timetravel` scenario, measured rather than asserted: run it in release mode
/// with `MVI_TIMETRAVEL_BENCH=1 swift test -c release --filter RecordingOverhead`.
/// It prints nanoseconds of CPU time per send and the ratios; it asserts only correctness.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MVI_TIMETRAVEL_BENCH"] == "1"))
struct RecordingOverheadTests {
    struct Bench: Feature {
        struct State: Sendable, Codable {
            var count = 0
            var items: [Int] = Array(0..<1_000)
            var title = "bench"
        }
        enum Intent: Sendable, Codable { case increment }
        enum Message: Sendable, Codable { case incremented }
        typealias SideEffect = Never

        static func reduce(_ state: inout State, _ message: Message) { state.count &+= 1 }
        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(.incremented) }
    }

    /// The best CPU time per send, in nanoseconds, over `runs` runs with one observer.
    func measure(runs: Int = 9, sends: Int = 200_000, _ make: () throws -> Store<Bench>) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let store = try make()
            let last = Atomic<Int>(0)
            let subscription = store.subscribe { last.store($0.count, ordering: .relaxed) }
            let start = cpuTime()
            for _ in 0..<sends { store.send(.increment) }
            let elapsed = cpuTime() - start
            subscription.cancel()
            #expect(store.state.count == sends)
            best = Swift.min(best, elapsed / Double(sends))
        }
        return best
    }

    func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    @Test func sendOneObserverTimeTravel() throws {
        let plain = try measure { Store(Bench(), initialState: .init()) }
        let noop = try measure {
            Store(Bench(), initialState: .init(), middleware: [AnyMiddleware<Bench> { _, _ in }])
        }
        let idleController = TimeTravel()
        var index = 0
        let idle = try measure {
            index += 1
            return Store(Bench(), initialState: .init(), middleware: [try idleController.register("idle\(index)")])
        }
        let recorder = TimeTravel(maxEvents: 10_000)
        let recording = try measure {
            recorder.cancel()
            recorder.startRecording()
            index += 1
            return Store(Bench(), initialState: .init(), middleware: [try recorder.register("rec\(index)")])
        }
        #expect(recorder.eventCount == 10_000)
        print(
            """
            send-1sub: \(plain) ns; no-op middleware: \(noop) ns; time travel idle: \(idle) ns; \
            recording: \(recording) ns; recording/plain \(recording / plain), \
            recording/no-op \(recording / noop); \(TimeTravel.bytesPerEvent(for: Bench.self)) bytes/event
            """)
    }
}
