/// When a kept store's state is saved, besides the final save when the store ends and the
/// saves you ask for with ``StateKeeper/flush()``.
public enum SaveTrigger: Sendable, Hashable {
    /// After the state changes, once per `coalescing` interval at most: 10,000 quick
    /// changes make one write, not 10,000. Saving never runs on the send path.
    case onChange(coalescing: Duration)
    /// Only when asked, and when the store ends.
    case onDemand

    /// After changes, coalesced over half a second.
    public static let `default` = SaveTrigger.onChange(coalescing: .milliseconds(500))
}
