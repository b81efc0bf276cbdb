import Foundation
import MVI

/// Reads the events one store's recorder appended since the previous read.
/// Used only under its feed's lock.
protocol FeedTail: AnyObject, Sendable {
    /// Appends the new events (numbered from 1 at `origin`) and returns the slots the
    /// recorder dropped before they could be read. Intent timings kept since the last read
    /// go to `timings`.
    func read(origin: UInt64, into events: inout [TimeTravelFeedEvent], timings: inout [TimeTravelIntentTiming]) -> Int
    /// The timeline sequence of the last event read.
    var lastSequence: UInt64 { get }
}

/// A ``FeedTail`` of a live store: copies only the slots appended since its last read, and
/// computes their states from the last state it computed (or from the checkpoints among them).
///
/// Its mutable properties are touched only under its feed's lock, which is what makes the
/// `@unchecked Sendable` safe.
final class LiveTail<F: Feature>: FeedTail, @unchecked Sendable {
    let name: String
    let recorder: StoreRecorder<F>
    var lastSlot: Int?
    var lastState: F.State?
    var lastSequence: UInt64 = 0
    /// The slot number of the newest intent timing read.
    var lastTimedSlot = 0

    init(name: String, recorder: StoreRecorder<F>) {
        self.name = name
        self.recorder = recorder
    }

    func read(origin: UInt64, into events: inout [TimeTravelFeedEvent], timings: inout [TimeTravelIntentTiming]) -> Int
    {
        let tail = recorder.tail(afterSlot: lastSlot, afterTimedSlot: lastTimedSlot)
        lastSlot = tail.lastSlot
        lastTimedSlot = tail.lastTimedSlot
        for timing in tail.timings where timing.sequence >= origin {
            timings.append(
                TimeTravelIntentTiming(
                    sequence: timing.sequence - origin + 1, storeName: name,
                    executionTime: .nanoseconds(timing.nanoseconds)))
        }
        var history = tail.history
        if history.baseline != nil {
            lastState = history.baseline
        } else {
            history.baseline = lastState
        }
        // An intent that dispatched while it ran shares its slot with that message; one alone
        // in its slot did not.
        var loneIntents = Set<UInt64>()
        for slot in history.slots {
            if case .intent = slot.input { loneIntents.insert(slot.sequence) }
        }
        history.forEachEvent { sequence, time, value in
            guard sequence >= origin else { return }
            let kind: TimeTravelEvent.Kind
            let payload: any Sendable
            switch value {
            case .intent(let intent): (kind, payload) = (.intent, intent)
            case .message(let message, _): (kind, payload) = (.message, message)
            case .state(let state):
                (kind, payload) = (.state, state)
                lastState = state
            case .sideEffect(let sideEffect): (kind, payload) = (.sideEffect, sideEffect)
            case .failure(let error): (kind, payload) = (.failure, error)
            case .unknownState: return
            }
            let numbered = sequence - origin + 1
            lastSequence = Swift.max(lastSequence, numbered)
            events.append(
                TimeTravelFeedEvent(
                    sequence: numbered, storeName: name, kind: kind,
                    time: Date(timeIntervalSince1970: Double(time) / 1e9), value: .live(payload),
                    dispatchedWhileRunning: kind == .intent ? !loneIntents.contains(sequence) : nil))
        }
        return tail.droppedSlots
    }
}
