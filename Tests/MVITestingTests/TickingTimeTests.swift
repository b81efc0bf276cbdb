import Clocks
import MVI
import MVIFixtures
import MVITesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advancing a `TestClock` by several intervals fires a repeating timer once per interval,
/// every time: the work the advance wakes is asleep again before it looks for the next
/// sleeper (issue 29: it used to lose ticks under load, 9 of 700 runs to 67 of 500).
@Suite struct TickingTimeTests {
    /// TCA's SyncUps meeting timer: advance six seconds at once, receive six ticks.
    @Test(arguments: Ticker<TestClock<Duration>>.Sleep.allCases)
    func advancingSixIntervalsAtOnceDeliversSixTicks(sleep: Ticker<TestClock<Duration>>.Sleep) async {
        let clock = TestClock()
        let store = TestStore(Ticker(clock: clock, sleep: sleep), initialState: .init())
        await store.send(.start(timers: 1)) { $0.isRunning = true }
        await clock.advance(by: .seconds(6))
        for tick in 1...6 {
            await store.receive(.tick) { $0.ticks = tick }
        }
        await store.send(.stop) { $0.isRunning = false }
        await store.finish()
    }

    @Test func threeTimersTickTogether() async {
        let clock = TestClock()
        let store = TestStore(Ticker(clock: clock, sleep: .untilDeadline), initialState: .init())
        await store.send(.start(timers: 3)) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        for tick in 1...3 { await store.receive(.tick) { $0.ticks = tick } }
        await clock.advance(by: .seconds(2))
        for tick in 4...9 { await store.receive(.tick) { $0.ticks = tick } }
        await store.send(.stop) { $0.isRunning = false }
        await store.finish()
    }

    /// The multi-interval advance, many times in a row: 1, 2, 6 and 60 intervals, one and
    /// three timers, `sleep(for:)` and `sleep(until:)`. CI runs a few rounds; set
    /// `MVI_TICK_STRESS_ROUNDS=1000` to run it a thousand times by hand (with two copies at
    /// once to load the cores).
    @Test func multiIntervalAdvanceNeverLosesATick() async {
        let rounds = Self.rounds
        var failures: [String] = []
        for round in 0..<rounds {
            for sleep in Ticker<TestClock<Duration>>.Sleep.allCases {
                for timers in [1, 3] {
                    for intervals in [1, 2, 6, 60] {
                        let clock = TestClock()
                        let store = TestStore(
                            Ticker(clock: clock, sleep: sleep), initialState: .init(), exhaustivity: .off)
                        await store.send(.start(timers: timers))
                        await clock.advance(by: .seconds(intervals))
                        // `send` first lets whatever the advance woke run to its next sleep.
                        await store.send(.stop)
                        let ticks = store.state.ticks
                        if ticks != intervals * timers {
                            failures.append(
                                "round \(round), \(sleep), \(timers) timers, \(intervals) intervals: \(ticks) ticks")
                        }
                        await store.finish()
                    }
                }
            }
        }
        let runs = rounds * 16
        print("multi-interval advance: \(failures.count) of \(runs) runs lost ticks")
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(runs) runs lost ticks:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Work woken by a real sleep runs on the thread that woke it, and its last job lets the
    /// test go on and release the test store while that thread is still in the executor.
    /// Before the executor kept itself alive while it ran jobs there, this crashed (a bad
    /// pointer dereference in the executor, 1 of 5 runs of the loaded suite).
    @Test func aTestStoreReleasedAsItsWorkEndsOnTheWakingThread() async {
        for _ in 0..<2_000 {
            let store = TestStore(
                Counter(numbers: { value in
                    try await Task.sleep(for: .microseconds(20))
                    return value
                }), initialState: .init())
            await store.send(.loadLater(1)) { $0.isLoading = true }
            await store.receive(.changed(by: 1)) { $0.count = 1 }
            await store.receive(.loading(false)) { $0.isLoading = false }
            await store.finish()
        }
    }

    private static var rounds: Int {
        guard let value = getenv("MVI_TICK_STRESS_ROUNDS") else { return 5 }
        return Int(String(cString: value)) ?? 5
    }
}
