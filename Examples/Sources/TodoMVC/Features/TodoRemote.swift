import MVIDependencies

/// A fake remote to sync the list with: it takes `latency` to accept the todos, one at a time
/// (so progress can be shown), and fails halfway when told to. Time is a dependency: tests
/// pass a test clock.
///
/// Each todo is accepted through a `replayable` endpoint: while time travel records the
/// app's store, each answer (accepted, or the remote's failure) goes into the recording, and
/// `TimeTravelReplay.rerun` answers the same calls from it, offline and without waiting.
public struct TodoRemote: Sendable {
    /// The whole time a sync takes.
    public var latency: Duration
    /// Whether every sync fails halfway through.
    public var fails: Bool
    /// The clock the remote sleeps on.
    public var clock: any Clock<Duration>
    /// Accepts one todo after `delay`, or fails when told to.
    private let accept: @Sendable (_ delay: Duration, _ failsNow: Bool) async throws -> Void

    /// Creates a fake remote.
    public init(latency: Duration = .milliseconds(800), fails: Bool = false, clock: any Clock<Duration>) {
        self.latency = latency
        self.fails = fails
        self.clock = clock
        accept = replayable("todoRemote.accept", errors: [TodoRemoteError.self]) { [clock] delay, failsNow in
            try await clock.sleep(for: delay)
            if failsNow { throw TodoRemoteError.unreachable }
        }
    }

    /// Sends `todos`, calling `progress` with the number accepted after each one; returns how
    /// many were accepted, or throws ``TodoRemoteError`` when the remote fails.
    public func push(_ todos: [TodoRow.State], progress: @Sendable (Int) async -> Void) async throws -> Int {
        let steps = max(1, todos.count)
        let step = latency / steps
        for done in 1...steps {
            try await accept(step, fails && done * 2 > steps)
            await progress(min(done, todos.count))
        }
        return todos.count
    }
}

/// Why a sync failed.
public enum TodoRemoteError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    /// The remote stopped answering.
    case unreachable

    /// What the toast says.
    public var description: String {
        switch self {
        case .unreachable: "the remote stopped answering"
        }
    }
}
