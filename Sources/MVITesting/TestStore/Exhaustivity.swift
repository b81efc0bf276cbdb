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
    /// - `send` first forgets what was received and not asserted, and nothing left unasserted
    ///   at the end is reported; running work is not required to end
    ///   (``TestStore/finish(timeout:isolation:fileID:filePath:line:column:)`` still fails on a
    ///   timeout).
    ///
    /// With `showSkippedAssertions`, each thing skipped is shown as a known issue (Swift
    /// Testing's `withKnownIssue`, XCTest's expected failure): visible in the test report,
    /// never a failure. ``off`` is `.off(showSkippedAssertions: false)`.
    case off(showSkippedAssertions: Bool)

    /// Non-exhaustive, skipping silently: `.off(showSkippedAssertions: false)`.
    public static let off = Exhaustivity.off(showSkippedAssertions: false)

    /// Whether skipped assertions are shown as known issues.
    var showsSkippedAssertions: Bool {
        if case .off(showSkippedAssertions: true) = self { return true }
        return false
    }
}
