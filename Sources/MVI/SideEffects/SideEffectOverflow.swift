/// The error reported when a side effect is dropped because its buffer was full.
public struct SideEffectOverflow: Error, Sendable, CustomStringConvertible {
    /// A description of the side effect that was dropped.
    public let droppedSideEffect: String
    /// The capacity that was exceeded.
    public let capacity: Int

    /// A sentence naming the dropped side effect.
    public var description: String {
        "side effect dropped, buffer of \(capacity) full: \(droppedSideEffect)"
    }
}
