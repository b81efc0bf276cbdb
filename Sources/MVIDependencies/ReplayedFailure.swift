#if Dependencies
/// A failure a replay throws for an endpoint that threw when recorded, when the endpoint's
/// error type cannot be decoded from the recording (untyped `throws`): it carries what the
/// recording kept of the error.
public struct ReplayedFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recorded error's type, as `String(reflecting:)` wrote it.
    public let typeName: String
    /// The recorded error's description (`String(describing:)`): what a feature that shows
    /// an error's text shows again in the replay.
    public let description: String
}
#endif
