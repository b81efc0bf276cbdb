import MVI
import MVIDependencies
import MVITimeTravel

extension Scenario {
    /// `send-1replayable`: `send-1dependency` whose dependency is a `replayable` endpoint
    /// (`StepSource`), called once per intent, in a store no recording watches: what wrapping
    /// an endpoint costs a call that is not recorded is this row against `send-1dependency`.
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
                (
                    .baselineA,
                    { n in
                        let store = HandWrittenStore(state: BenchState())
                        let sink = Sink()
                        store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: { expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n) }
                        )
                    }
                ),
                (
                    .mvi,
                    { n in
                        let timeTravel = TimeTravel(maxEvents: 10_000)
                        if recording { _ = timeTravel.startRecording() }
                        let middleware: [any Middleware<ReplayableStepFeature<BenchState>>]
                        do {
                            middleware = recording ? [try timeTravel.register("Replayable")] : []
                        } catch {
                            // A fresh controller has no store of that name; say so if it does.
                            print("time travel registration failed: \(error)")
                            middleware = []
                        }
                        let store = Store(
                            ReplayableStepFeature<BenchState>(), initialState: BenchState(), middleware: middleware,
                            environment: .dependencies())
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                withExtendedLifetime((subscription, timeTravel)) {
                                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                                }
                            })
                    }
                ),
            ])
    }
}
