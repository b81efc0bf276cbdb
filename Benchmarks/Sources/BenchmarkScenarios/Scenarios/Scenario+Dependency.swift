import MVI
import MVIDependencies
import MVITimeTravel

extension Scenario {
    /// `send-1dependency`: `send-1sub` whose `execute` reads one dependency, in a store made
    /// with `environment: .dependencies { … }` (which overrides it to 1). What reading
    /// dependencies costs a send is this row against `send-1sub`'s; a store without an
    /// environment pays nothing (`send-1sub` itself).
    static var sendReadingADependency: Scenario {
        Scenario(
            "send-1dependency", "send-1sub whose execute reads one swift-dependencies value, overridden for the store",
            fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (.baselineA, { n in .handWrittenSends(n) }),
                (
                    .mvi,
                    { n in
                        let store = Store(
                            SteppingFeature<BenchState, DependencyStep>(), initialState: BenchState(),
                            environment: .dependencies { $0.incrementStep = 1 })
                        return .sends(n, to: store, increment: .increment)
                    }
                ),
            ])
    }

    /// `send-1replayable`: `send-1dependency` whose dependency is a `replayable` endpoint
    /// (`StepSource`), called once per intent, in a store no recording watches: what wrapping
    /// an endpoint costs a call that is not recorded is this row against the same endpoint as
    /// a plain closure.
    static var sendCallingAReplayableEndpoint: Scenario {
        replayableScenario(
            "send-1replayable", "send-1dependency whose dependency is a replayable endpoint, not recorded",
            recording: false)
    }

    /// `send-1replayable-recorded`: the same store registered with time travel while it
    /// records: each call's result is kept beside the events.
    static var sendCallingARecordedReplayableEndpoint: Scenario {
        replayableScenario(
            "send-1replayable-recorded", "send-1replayable with time travel recording events and the call's result",
            recording: true)
    }

    private static func replayableScenario(_ name: String, _ summary: String, recording: Bool) -> Scenario {
        Scenario(
            name, summary, fullSize: 1_000_000, smokeSize: 10_000,
            systems: [
                (.baselineA, { n in .handWrittenSends(n) }),
                (
                    .mvi,
                    { n in
                        let timeTravel = TimeTravel(maxEvents: 10_000)
                        if recording { _ = timeTravel.startRecording() }
                        let middleware: [any Middleware<SteppingFeature<BenchState, ReplayableStep>>]
                        do {
                            middleware = recording ? [try timeTravel.register("Replayable")] : []
                        } catch {
                            // A fresh controller has no store of that name; say so if it does.
                            print("time travel registration failed: \(error)")
                            middleware = []
                        }
                        let store = Store(
                            SteppingFeature<BenchState, ReplayableStep>(), initialState: BenchState(),
                            middleware: middleware, environment: .dependencies())
                        return .sends(n, to: store, keeping: timeTravel, increment: .increment)
                    }
                ),
            ])
    }
}
