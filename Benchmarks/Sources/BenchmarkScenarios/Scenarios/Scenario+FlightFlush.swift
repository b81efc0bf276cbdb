import Foundation
import MVI
import MVITimeTravel

extension Scenario {
    /// `flight-flush`: what a flight recorder's thread spends to write one recorded step (an
    /// intent, its message and the state after it, three events) of `send-1sub`'s feature:
    /// copying it out of the ring, encoding and redacting its values, and writing the file.
    /// Off the send path; one op is one step of a `flush()` of `n` steps, run on the measuring
    /// thread. The recorder's own thread writes nothing meanwhile (its interval is an hour);
    /// it only wakes every clock tick to update the clock, a few times in a run under valgrind
    /// (with the 10 ms tick it had before, that was about 0.7% of the figure).
    static var flightFlush: Scenario {
        Scenario(
            "flight-flush", "a flight recorder writing one recorded step (3 events) of send-1sub's feature",
            fullSize: 20_000, smokeSize: 500,
            systems: [
                (
                    .mvi,
                    { n in
                        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                            "mvi-bench-flight-flush-\(UInt64.random(in: 0...UInt64.max))")
                        let flight = FlightRecorder(
                            directory: directory, maxEvents: 3 * n, flushInterval: .seconds(3600))
                        let middleware: [any Middleware<CounterFeature<BenchState>>]
                        do {
                            middleware = [try flight.register("Bench")]
                        } catch {
                            middleware = []
                        }
                        let store = Store(
                            CounterFeature<BenchState>(), initialState: BenchState(payload: [1, 2, 3]),
                            middleware: middleware)
                        for _ in 0..<n { store.send(.increment) }
                        let file = directory.appendingPathComponent("Bench.json")
                        return Trial(
                            operations: n,
                            run: { flight.flush() },
                            verify: {
                                let size = (try? Data(contentsOf: file))?.count ?? 0
                                try? FileManager.default.removeItem(at: directory)
                                // The file's bytes per step, beside the instructions (not a budget).
                                print("flight-flush: \(size / Swift.max(1, n)) bytes per step (3 events)")
                                return withExtendedLifetime(store) { size > 0 ? nil : "no file written" }
                            })
                    }
                )
            ])
    }
}
