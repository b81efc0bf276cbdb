import Dispatch
import MVI
import MVIDevTools
import MVITimeTravel

/// Time travel as in `send-1sub-timetravel` (recording, 10,000 events kept), with the
/// DevTools server started on the controller and no page connected: what a store pays for
/// the debugger being there. Its ratio to `send-1sub-timetravel` is the debugger's overhead.
enum DevToolsStarted {
    /// The servers started, kept running for the rest of the process (one per trial: a few).
    nonisolated(unsafe) static var running: [DevTools] = []
    // nonisolated(unsafe): appended only from `middleware()`, which trials call one at a time.

    static func middleware() -> [any Middleware<CounterFeature<BenchState>>] {
        let timeTravel = TimeTravel(maxEvents: 10_000)
        let middleware: [any Middleware<CounterFeature<BenchState>>]
        do {
            middleware = [try timeTravel.register("Bench-\(UInt64.random(in: 0...UInt64.max))")]
        } catch {
            print("time travel registration failed: \(error)")
            return []
        }
        // Set-up is synchronous: wait here, outside the timed part, for the server to listen.
        let started = DispatchSemaphore(value: 0)
        let result = Box()
        Task.detached {
            result.devTools = try? await DevTools.start(timeTravel, options: DevToolsOptions(announce: { _ in }))
            started.signal()
        }
        started.wait()
        if let devTools = result.devTools {
            running.append(devTools)
        } else {
            print("DevTools did not start")
        }
        return middleware
    }

    /// Hands the started server from the task to the waiting thread; the semaphore orders them.
    final class Box: @unchecked Sendable {
        // @unchecked: written once by the task before `signal`, read after `wait`.
        var devTools: DevTools?
    }
}
