// Only with the package's default `DevTools` trait (Package.swift): the one scenario that
// needs MVIDevTools and, with it, swift-nio and Hummingbird.
#if DevTools
import Dispatch
import MVI
import MVIDevTools
import MVITimeTravel

extension Scenario {
    /// `send-1sub-timetravel` with the DevTools server started on the controller and no page
    /// connected: what a store pays for the debugger being there. Its ratio to
    /// `send-1sub-timetravel` is the debugger's overhead. The server stops in `verify`, so
    /// that it does not run (and allocate) during the scenarios after it.
    static var sendWithDevTools: Scenario {
        Scenario(
            "send-1sub-devtools",
            "send-1sub-timetravel with the DevTools server started on the controller, no page open",
            fullSize: 1_000_000, smokeSize: 2_000,
            systems: [
                (
                    .mvi,
                    { n in
                        let timeTravel = TimeTravel(maxEvents: 10_000)
                        let middleware = TimeTravelRecording.register(timeTravel)
                        let devTools = DevToolsStarted.start(timeTravel)
                        let store = Store(
                            CounterFeature<BenchState>(), initialState: BenchState(), middleware: middleware)
                        let sink = Sink()
                        let subscription = store.subscribe { sink.observe($0.count) }
                        return Trial(
                            operations: n,
                            run: { for _ in 0..<n { store.send(.increment) } },
                            verify: {
                                DevToolsStarted.stop(devTools)
                                if devTools == nil { return "DevTools did not start" }
                                if timeTravel.mode != .recording { return "DevTools did not start recording" }
                                return withExtendedLifetime(subscription) {
                                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                                }
                            })
                    }
                )
            ])
    }
}

/// Starts and stops DevTools from the benchmark's synchronous set-up, outside the timed part.
enum DevToolsStarted {
    /// Starts the server (which starts recording) and waits until it listens.
    static func start(_ timeTravel: TimeTravel) -> DevTools? {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.devTools = try? await DevTools.start(timeTravel, options: DevToolsOptions(announce: { _ in }))
            done.signal()
        }
        done.wait()
        return box.devTools
    }

    /// Stops the server and waits until it stopped.
    static func stop(_ devTools: DevTools?) {
        guard let devTools else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await devTools.stop()
            done.signal()
        }
        done.wait()
    }

    /// Hands the started server from the task to the waiting thread; the semaphore orders them.
    final class Box: @unchecked Sendable {
        // @unchecked: written once by the task before `signal`, read after `wait`.
        var devTools: DevTools?
    }
}
#endif
