import Foundation
import MVI
import Synchronization

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

    /// Creates a result.
    public init(
        event: TimeTravelEvent, stateBefore: String, messages: [String], sideEffects: [String],
        stateAfter: String, recordedStateAfter: String?
    ) {
        self.event = event
        self.stateBefore = stateBefore
        self.messages = messages
        self.sideEffects = sideEffects
        self.stateAfter = stateAfter
        self.recordedStateAfter = recordedStateAfter
    }
}

/// Why an event could not be replayed.
public enum TimeTravelDebugError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No kept event has this sequence number.
    case eventNotKept(sequence: UInt64)
    /// Only intents and messages can be replayed; states and side effects are outputs.
    case notReplayable(TimeTravelEvent.Kind)
    /// The event's store is not here to run it: the recording was imported, or the store was
    /// released.
    case storeUnavailable(String)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .eventNotKept(let sequence): "Event \(sequence) is not kept"
        case .notReplayable(let kind): "A \(kind) event cannot be replayed; intents and messages can"
        case .storeUnavailable(let name): "The store \"\(name)\" is not here to replay its event"
        }
    }
}

/// The typed part of a replay, run outside the controller's lock (it runs feature code).
struct PreparedReplay: Sendable {
    let run: @Sendable () -> (stateBefore: String, messages: [String], sideEffects: [String], stateAfter: String, recordedStateAfter: String?)?
}

extension TimeTravel {
    /// Replays one recorded event against the state recorded before it, without touching
    /// any store: a message is reduced again with the feature's reducer; an intent is
    /// executed again with the store's feature on a throwaway store that starts from that
    /// state (no bootstrap, no observers; async work it starts is cancelled at once and
    /// intents it sends are not run). Put a breakpoint in `reduce` or `execute` and replay
    /// the event to step through it.
    ///
    /// Works in any mode, on events kept by a recording made here.
    ///
    /// - Throws: a ``TimeTravelDebugError`` naming why not.
    public func replay(_ event: TimeTravelEvent) throws(TimeTravelDebugError) -> TimeTravelDebugResult {
        let prepared = try storage.withLock { state throws(TimeTravelDebugError) -> (TimeTravelEvent, PreparedReplay) in
            state.refresh()
            guard let position = state.position(of: event.sequence) else {
                throw .eventNotKept(sequence: event.sequence)
            }
            let entry = state.entries[position]
            guard entry.kind == .intent || entry.kind == .message else { throw .notReplayable(entry.kind) }
            let track = state.tracks[Int(entry.track)]
            guard let replay = track.prepareReplay(local: entry.local) else { throw .storeUnavailable(track.name) }
            return (state.event(at: position), replay)
        }
        guard let outcome = prepared.1.run() else { throw .storeUnavailable(prepared.0.storeName) }
        return TimeTravelDebugResult(
            event: prepared.0, stateBefore: outcome.stateBefore, messages: outcome.messages,
            sideEffects: outcome.sideEffects, stateAfter: outcome.stateAfter,
            recordedStateAfter: outcome.recordedStateAfter)
    }
}
