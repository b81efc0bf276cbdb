import Foundation
import MVI

/// The typed part of a replay, run outside the controller's lock (it runs feature code).
struct PreparedReplay: Sendable {
    let run:
        @Sendable () -> (
            stateBefore: String, messages: [String], sideEffects: [String], stateAfter: String,
            recordedStateAfter: String?
        )?
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
        let prepared = try storage.withLock {
            state throws(TimeTravelDebugError) -> (TimeTravelEvent, PreparedReplay) in
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
