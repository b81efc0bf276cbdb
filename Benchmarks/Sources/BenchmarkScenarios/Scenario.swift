import MVI
/// One benchmark scenario: a name, its sizes, and how to set it up for each system.
///
/// Adding a scenario is a few lines in ``Scenario/all``: a name, a full and a smoke size,
/// and one closure per system that sets up a ``Trial`` of that size.
public struct Scenario {
    /// The name in the table, such as `send-1sub`.
    public let name: String
    /// What one operation is, for the README and `--list`.
    public let summary: String
    /// Operations (or instances) in a full run.
    public let fullSize: Int
    /// Operations (or instances) in a smoke run: small, so CI stays quick.
    public let smokeSize: Int
    /// What the runner measures.
    public let metric: Metric
    /// Each system, in table order, with the set-up of one trial of a given size.
    public let systems: [(system: System, makeTrial: (Int) -> Trial)]
    /// Whether its trials must run on the main thread (main-actor models): `mvi-bench` runs
    /// every trial there; package-benchmark, which does not, leaves these scenarios out.
    public let needsMainThread: Bool

    /// Creates a scenario.
    public init(
        _ name: String, _ summary: String, fullSize: Int, smokeSize: Int, metric: Metric = .timePerOperation,
        needsMainThread: Bool = false, systems: [(system: System, makeTrial: (Int) -> Trial)]
    ) {
        self.name = name
        self.summary = summary
        self.fullSize = fullSize
        self.smokeSize = smokeSize
        self.metric = metric
        self.needsMainThread = needsMainThread
        self.systems = systems
    }
}

/// What a scenario measures.
public enum Metric: Sendable {
    /// Wall-clock time of `run`, divided by the operations.
    case timePerOperation
    /// Resident memory added by `run`, divided by the instances it keeps alive.
    case residentBytesPerInstance
}

/// Who does the work in a row of the table.
public enum System: String, Sendable, CaseIterable {
    /// The hand-written limit: a class holding a struct state, a switch reducer applied in
    /// place, subscriber closures; no synchronization.
    case baselineA = "baseline-a"
    /// The same behind a `Mutex`: the floor for a thread-safe store.
    case baselineB = "baseline-b"
    /// Three short lock sections per action and subscribers outside the lock (claim,
    /// reduce, release): the floor for a store that never runs user code under its lock
    /// and lets re-entrant sends queue. In the `send-*` scenarios only.
    case baselineC = "baseline-c"
    /// swift-mvi's `Store` (or `Container`).
    case mvi = "swift-mvi"
}

/// One measured run: set up outside the clock, `run` inside it, `verify` after it.
public struct Trial {
    /// How many operations (or instances) `run` performs.
    public let operations: Int
    /// The measured work.
    public let run: () -> Void
    /// Checks the result; returns what is wrong, or `nil` when it is right.
    public let verify: () -> String?

    /// Creates a trial.
    public init(operations: Int, run: @escaping () -> Void, verify: @escaping () -> String?) {
        self.operations = operations
        self.run = run
        self.verify = verify
    }
}

/// Compares a result with what it should be, for ``Trial/verify``.
func expect(_ what: String, _ actual: Int, _ expected: Int) -> String? {
    actual == expected ? nil : "\(what) is \(actual), expected \(expected)"
}

extension Trial {
    /// `n` increments sent to a hand-written store with one subscriber: the baseline of the
    /// send rows that add one thing to `send-1sub` (a bound, a dependency, an endpoint).
    static func handWrittenSends(_ n: Int) -> Trial {
        let store = HandWrittenStore(state: BenchState())
        let sink = Sink()
        store.subscribe { sink.observe($0.count) }
        return Trial(
            operations: n,
            run: { for _ in 0..<n { store.send(.increment) } },
            verify: { expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n) })
    }

    /// `n` increments sent to `store`, one subscriber watching: each adds 1. `keeping` stays
    /// alive until the trial is verified (what the store's middleware records into).
    static func sends<F: Feature>(
        _ n: Int, to store: Store<F>, keeping: (any Sendable)? = nil, increment: F.Intent
    ) -> Trial where F.State == BenchState {
        let sink = Sink()
        let subscription = store.subscribe { sink.observe($0.count) }
        return Trial(
            operations: n,
            run: { for _ in 0..<n { store.send(increment) } },
            verify: {
                withExtendedLifetime((subscription, keeping)) {
                    expect("count", store.state.count, n) ?? expect("last count seen", sink.last, n)
                }
            })
    }
}
