/// What replaying one recorded event did: MVIKotlin's `debugEvent`, which runs an event again
/// so that a breakpoint in the feature stops on it.
public struct TimeTravelDebugResult: Sendable, Hashable {
    /// The event replayed.
    public let event: TimeTravelEvent
    /// The recorded state before it: its store's last state event before it, or its start.
    public let stateBefore: String
    /// For a message event, that message. For an intent, the messages its `execute`
    /// dispatched, now, before returning.
    public let messages: [String]
    /// For an intent, the side effects its `execute` posted, now, before returning.
    public let sideEffects: [String]
    /// The state after reducing ``messages`` into ``stateBefore``, now.
    public let stateAfter: String
    /// For a message event, the state recorded after it, to compare with ``stateAfter``.
    public let recordedStateAfter: String?
}
