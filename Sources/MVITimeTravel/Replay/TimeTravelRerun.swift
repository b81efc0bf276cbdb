import MVI
import MVIJSON

/// What ``TimeTravelReplay/rerun(_:feature:store:environment:timeout:)`` found.
public struct TimeTravelRerun: Sendable, CustomStringConvertible {
    /// The recorded store that was run again.
    public let storeName: String
    /// How many intents were sent from outside, as recorded.
    public let intentsSent: Int
    /// The first event where the rerun differs from the recording; `nil` if it made every
    /// event the recording has, with the same values, and no more.
    public let divergence: TimeTravelDivergence?
    /// How many events were compared (the longer of the two runs).
    public let comparedEvents: Int
    /// How many calls were answered from the recording.
    package let answeredCalls: Int
    /// The endpoints called without a recorded result left (in the order they were called):
    /// each such call was refused with a `ReplayedFailure` (MVIDependencies), or, for an
    /// endpoint that cannot throw one, ran the endpoint from the rerun's environment.
    public let unansweredCalls: [String]
    /// Recorded results no call asked for, by endpoint name: the feature no longer makes
    /// those calls.
    package let unusedCalls: [String: Int]
    /// The endpoints the recording names as called but not recorded (results not
    /// `Codable`): the rerun ran them from its environment.
    package let unrecordedCalls: [String]
    /// Calls whose recorded result does not decode as the endpoint's result or error type
    /// today, in the order they were made: each is a divergence, and the endpoint was not run
    /// in its place (see `replayable` in `MVIDependencies` for the endpoints that cannot refuse).
    package let undecodableCalls: [UndecodableCall]
    /// The rerun's own recording: export it (``TimeTravel/encode(_:)``) to look at it in the
    /// DevTools page beside the original.
    public let replayed: TimeTravelRecording

    /// Whether the rerun reproduced the recording exactly, every call answered from it.
    public var isFaithful: Bool {
        divergence == nil && unansweredCalls.isEmpty && unusedCalls.isEmpty && undecodableCalls.isEmpty
    }

    /// A call whose recorded result does not decode: which call, what was recorded, and why.
    package struct UndecodableCall: Sendable, Hashable, CustomStringConvertible {
        /// The endpoint's name.
        package let name: String
        /// Which call of that endpoint it was, from 1.
        package let call: Int
        /// The recorded result (a returned value, or an error's encoding), `null` if none was kept.
        package let recorded: JSONValue
        /// Why it does not decode.
        package let reason: String

        /// "name call n: recorded … does not decode: reason".
        package var description: String { "\(name) call \(call): recorded \(recorded) does not decode: \(reason)" }
    }

    /// A summary: the intents sent, the events compared and the calls answered from the
    /// recording; the divergence, if any; the calls without a recorded result; the recorded
    /// results no call asked for; the endpoints not recorded; the recorded results that do not
    /// decode.
    public var description: String {
        var lines = [
            "[\(storeName)] rerun of \(intentsSent) intents, \(comparedEvents) events compared, "
                + "\(answeredCalls) calls answered from the recording"
        ]
        lines.append(divergence.map(\.description) ?? "no divergence")
        if !unansweredCalls.isEmpty { lines.append("calls without a recorded result: \(unansweredCalls)") }
        if !unusedCalls.isEmpty {
            lines.append("recorded results never asked for: \(unusedCalls.sorted { $0.key < $1.key })")
        }
        if !unrecordedCalls.isEmpty { lines.append("endpoints not recorded: \(unrecordedCalls)") }
        for call in undecodableCalls { lines.append("recorded result does not decode: \(call)") }
        return lines.joined(separator: "\n")
    }
}
