/// How strictly a ``TestStore`` checks a feature.
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change, message, side effect and failure must be asserted, and no async
    /// work may still run at the end. The default: a test that passes has seen everything the
    /// feature did.
    case on
    /// Integration style: assert only what the test cares about.
    ///
    /// - `send` and `receive` compare only what their closure sets: the expected state starts
    ///   from the actual new state, so write absolute values (`$0.count = 3`), not relative ones.
    /// - `receive` skips messages and side effects that do not match.
    /// - Nothing left unasserted is reported, and running work is not required to end
    ///   (``TestStore/finish(timeout:fileID:filePath:line:column:)`` still fails on a timeout).
    case off
}
