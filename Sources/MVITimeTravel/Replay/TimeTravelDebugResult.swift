/// What replaying one recorded event did: MVIKotlin's `debugEvent`, which runs an event again
/// so that a breakpoint in the feature stops on it. Print it to see what ran.
public struct TimeTravelDebugResult: Sendable, Hashable, CustomStringConvertible {
    /// The event replayed.
    package let event: TimeTravelEvent
    /// The recorded state before it: its store's last state event before it, or its start.
    package let stateBefore: String
    /// For a message event, that message. For an intent, the messages its `execute`
    /// dispatched, now, before returning.
    package let messages: [String]
    /// For an intent, the side effects its `execute` posted, now, before returning.
    package let sideEffects: [String]
    /// The state after reducing ``messages`` into ``stateBefore``, now.
    package let stateAfter: String
    /// For a message event, the state recorded after it, to compare with ``stateAfter``.
    package let recordedStateAfter: String?

    /// What ran, as lines: the event, the state before it, the messages and side effects it
    /// made, the state after them, and for a message the state recorded after it.
    public var description: String {
        var lines = ["replayed \(event.description)", "state before: \(stateBefore)"]
        lines.append("messages: " + (messages.isEmpty ? "none" : messages.joined(separator: ", ")))
        if !sideEffects.isEmpty { lines.append("side effects: " + sideEffects.joined(separator: ", ")) }
        lines.append("state after: \(stateAfter)")
        if let recordedStateAfter { lines.append("recorded after: \(recordedStateAfter)") }
        return lines.joined(separator: "\n")
    }
}
