import Foundation
import Logging
import MVI
import MVITimeTravel

extension Scenario {
    /// `send-1sub` with middleware attached: what the middleware costs per action is this
    /// row against `send-1sub`'s swift-mvi row (the summary line prints the ratio).
    static func sendThroughMiddleware(
        _ name: String, _ summary: String, fullSize: Int = 1_000_000,
        middleware: @escaping () -> [any Middleware<CounterFeature<BenchState>>]
    ) -> Scenario {
        Scenario(
            name, summary, fullSize: fullSize, smokeSize: 2_000,
            systems: [
                (.baselineA, { n in .handWrittenSends(n) }),
                (
                    .mvi,
                    { n in
                        let store = Store(
                            CounterFeature<BenchState>(), initialState: BenchState(), middleware: middleware())
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                                }
                            })
                    }
                ),
            ])
    }
}

/// Time travel for the benchmark: a controller with room for 10,000 events (when recording,
/// the ring is full for most of a run, so dropping old events is measured too), recording
/// or idle.
enum TimeTravelRecording {
    static func middleware(recording: Bool, callSites: Bool = true) -> [any Middleware<CounterFeature<BenchState>>] {
        let timeTravel = TimeTravel(maxEvents: 10_000, callSites: callSites)
        if recording { _ = timeTravel.startRecording() }
        return register(timeTravel)
    }

    /// Registers a store of the benchmark's feature under a fresh name.
    static func register(_ timeTravel: TimeTravel) -> [any Middleware<CounterFeature<BenchState>>] {
        do {
            return [try timeTravel.register("Bench-\(UInt64.random(in: 0...UInt64.max))")]
        } catch {
            // A random name cannot collide with a live store in practice; say so if it does.
            print("time travel registration failed: \(error)")
            return []
        }
    }
}

/// A flight recorder for the benchmark, writing into a fresh temporary directory every
/// second (a run is shorter: nothing is written while it is measured, and no event of a run
/// is encoded on the send path either way).
enum FlightRecording {
    static func middleware() -> [any Middleware<CounterFeature<BenchState>>] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvi-bench-flight-\(UInt64.random(in: 0...UInt64.max))")
        let recorder = FlightRecorder(directory: directory)
        do {
            return [try recorder.register("Bench")]
        } catch {
            print("flight recorder registration failed: \(error)")
            return []
        }
    }
}

extension Logger {
    /// A logger whose lines are built (when their level is on) and then dropped, so the
    /// benchmark measures formatting, not a terminal.
    static func discarding(at level: Logger.Level) -> Logger {
        var logger = Logger(label: "bench") { _ in DiscardingLogHandler() }
        logger.logLevel = level
        return logger
    }
}

/// Builds nothing itself and drops every line; unlike swift-log's no-op handler its level is
/// real, so the middleware formats exactly what a real handler at that level would get.
struct DiscardingLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // The message was built by the caller; touching its description keeps the optimizer
        // from skipping the work.
        blackHole(event.message.description.utf8.count)
    }
}

/// Keeps `value` from being optimized away; returns whether it was the impossible -1.
@inline(never) @discardableResult
func blackHole(_ value: Int) -> Bool {
    if value == -1 {
        print("unreachable")
        return true
    }
    return false
}

/// A middleware that observes every event and does nothing with it: what the event
/// pipeline itself costs (`middleware-noop`).
struct NoOpMiddleware<Target: Feature>: Middleware {
    func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {}
}
