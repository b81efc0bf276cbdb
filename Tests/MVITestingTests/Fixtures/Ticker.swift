import MVI

/// Repeating timers, as in TCA's SyncUps meeting timer: `start` runs `timers` of them, each
/// ticking once a second until `stop`, sleeping either for an interval or until a deadline.
struct Ticker<C: Clock>: Feature where C.Duration == Duration {
    struct State: Equatable, Sendable {
        var ticks = 0
        var isRunning = false
    }

    enum Intent: Sendable { case start(timers: Int), stop }
    enum Message: Sendable, Equatable { case started, tick, stopped }

    /// How a timer waits for its next tick.
    enum Sleep: Sendable, CaseIterable {
        /// `clock.sleep(for: .seconds(1))`, measured from when the timer wakes.
        case forInterval
        /// `clock.sleep(until: deadline)`, one second after the previous deadline.
        case untilDeadline
    }

    let clock: C
    let sleep: Sleep

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .started: state.isRunning = true
        case .tick: state.ticks += 1
        case .stopped: state.isRunning = false
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .start(let timers):
            context.dispatch(.started)
            for _ in 0..<timers {
                context.run(id: "timer") { [clock, sleep] context in
                    var deadline = clock.now
                    while true {
                        switch sleep {
                        case .forInterval:
                            try await clock.sleep(for: .seconds(1))
                        case .untilDeadline:
                            deadline = deadline.advanced(by: .seconds(1))
                            try await clock.sleep(until: deadline, tolerance: nil)
                        }
                        await context.dispatch(.tick)
                    }
                }
            }
        case .stop:
            context.dispatch(.stopped)
            context.cancel(id: "timer")  // every timer
        }
    }
}
