import Foundation
import MVI
import MVIJSON

/// One event read from a ``TimeTravelFeed``: what ``TimeTravelEvent`` says, with its value
/// kept as it was recorded, so that a reader describes or encodes it only if it wants to.
package struct TimeTravelFeedEvent: Sendable {
    /// How the value is held.
    package enum Value: Sendable {
        /// A value recorded here, as the store made it (an intent, message, state or side effect).
        case live(any Sendable)
        /// A value read from an imported recording: its description and its JSON, if it had one.
        case recorded(description: String, value: JSONValue?)
    }

    /// The event's number in the timeline, as ``TimeTravel/jump(toSequence:)`` takes it.
    package let sequence: UInt64
    /// The name the store was registered under.
    package let storeName: String
    /// What was recorded.
    package let kind: TimeTravelEvent.Kind
    /// When it was recorded.
    package let time: Date
    /// The recorded value.
    package let value: Value
    /// For an intent recorded here: whether it dispatched a message while it ran (`false`:
    /// whatever it changed, async work it started changed later). `nil` for other events and
    /// for imported ones.
    package let dispatchedWhileRunning: Bool?

    /// `String(describing:)` of the value, made now.
    package var description: String {
        switch value {
        case .live(let value): String(describing: value)
        case .recorded(let description, _): description
        }
    }

    /// The value's JSON, made now, if its type is `Encodable`.
    package var json: JSONValue? {
        switch value {
        case .live(let value): JSONCodec.encode(value)
        case .recorded(_, let value): value
        }
    }

    /// The event as ``TimeTravel/events`` describes it.
    package var event: TimeTravelEvent {
        TimeTravelEvent(sequence: sequence, storeName: storeName, kind: kind, time: time, description: description)
    }
}
