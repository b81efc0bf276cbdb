/// The error reported when ``Store/send(_:)`` drops an intent because the store's
/// ``Store/pendingInputLimit`` was reached (``StoreError/Origin/inputOverflow``).
///
/// The newest intent is the one dropped: what already waits is kept, in order. The store
/// keeps working, and ``Store/droppedInputCount`` counts the drops.
public struct InputOverflow: Error, Sendable, Hashable, CustomStringConvertible {
    /// A description of the intent that was dropped.
    public let droppedIntent: String
    /// The limit that was reached: how many inputs were waiting.
    public let limit: Int

    /// A sentence naming the dropped intent.
    public var description: String {
        "intent dropped, \(limit) inputs already waiting (the store's pending input limit): \(droppedIntent)"
    }
}
