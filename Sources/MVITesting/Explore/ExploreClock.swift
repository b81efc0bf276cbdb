import MVI

/// The clock of a feature under `explore`: time passes only when explore chooses, so that
/// timers, debounces and timeouts fire in every order against the intents sent and the work
/// that runs. Give it to the feature wherever it takes a clock.
///
/// ```swift
/// let clock = ExploreClock()
/// let report = await explore(
///     TodoList(remote: TodoRemote(clock: clock), clock: clock), initialState: .init(), clock: clock, …)
/// ```
///
/// Each sequence starts at ``now`` zero with no one asleep. A sleep until a time that has
/// come returns at once; any other waits until explore advances the clock to the earliest
/// time someone sleeps until, or its task is cancelled.
public struct ExploreClock: Clock, Sendable {
    /// A point in time: the time since the sequence started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the sequence started.
        package let offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Self { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Self) -> Duration { other.offset - offset }
        /// Whether `lhs` comes first.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    let timeline = Timeline()

    /// A clock at the start of time.
    public init() {}

    /// The current time of the sequence.
    public var now: Instant { timeline.now }

    /// The smallest step: a nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Waits until explore advances the clock to `deadline`; throws `CancellationError` when
    /// the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await timeline.sleep(until: deadline)
    }
}

/// The time and the sleepers of an ``ExploreClock``, shared by its copies.
final class Timeline: Sendable {
    private struct Sleeper: Identifiable {
        let id: Int
        let deadline: ExploreClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = ExploreClock.Instant(offset: .zero)
        var sleepers = WaitingList<Sleeper>()
        var nextID = 0
    }

    private let state = Locked(State())

    var now: ExploreClock.Instant { state.withLock { $0.now } }

    func sleep(until deadline: ExploreClock.Instant) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int? in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let registered = state.withLock {
                    $0.sleepers.register(Sleeper(id: id, deadline: deadline, continuation: continuation))
                }
                if !registered { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.cancel(id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How far the earliest deadline anyone sleeps until is; `nil` when no one sleeps.
    var nextStep: Duration? {
        state.withLock { state in state.sleepers.waiters.map(\.deadline).min().map { state.now.duration(to: $0) } }
    }

    /// Moves time to the earliest deadline anyone sleeps until, and wakes everyone whose
    /// deadline it is, in the order they fell asleep; returns how far time moved.
    @discardableResult
    func advanceToNextDeadline() -> Duration? {
        let (woken, step) = state.withLock { state -> ([Sleeper], Duration?) in
            guard let next = state.sleepers.waiters.map(\.deadline).min() else { return ([], nil) }
            let step = state.now.duration(to: next)
            state.now = next
            let woken = state.sleepers.waiters.filter { $0.deadline <= next }
            state.sleepers.waiters.removeAll { $0.deadline <= next }
            return (woken, step)
        }
        for sleeper in woken { sleeper.continuation.resume() }
        return step
    }

    /// Back to the start of time for the next sequence; a sleeper left over is cancelled.
    func reset() {
        let left = state.withLock { state -> [Sleeper] in
            defer { state = State() }
            return state.sleepers.waiters
        }
        for sleeper in left { sleeper.continuation.resume(throwing: CancellationError()) }
    }
}
