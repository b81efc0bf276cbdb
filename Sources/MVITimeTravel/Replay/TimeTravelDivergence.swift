import MVI
import MVIJSON

/// The first recorded state that a replay did not reproduce.
///
/// Its `description` says where, after which message, and both states' descriptions.
public struct TimeTravelDivergence: Sendable, Hashable, CustomStringConvertible {
    /// The store whose state differs.
    public let storeName: String
    /// The sequence number of the recorded state event that differs.
    public let sequence: UInt64
    /// The sequence number of the message reduced just before, if any.
    package let messageSequence: UInt64?
    /// The recorded description of that message.
    package let messageDescription: String?
    /// The recorded state.
    package let expected: JSONValue
    /// The state the reducer produced.
    package let actual: JSONValue
    /// The recorded state's description.
    package let expectedDescription: String
    /// `String(describing:)` of the state the reducer produced.
    package let actualDescription: String
    /// The kind of the recorded event that differs (of the replayed one, past the end of the
    /// recording): always `state` for ``TimeTravelReplay/firstDivergence(in:of:store:)``.
    public let kind: TimeTravelEvent.Kind

    /// A readable report: where, after which message, recorded versus reproduced.
    public var description: String {
        let after = messageDescription.map { " after message \($0)" } ?? ""
        return """
            [\(storeName)] \(kind) of event \(sequence) differs\(after)
              recorded: \(expectedDescription)
              replayed: \(actualDescription)
            """
    }
}
