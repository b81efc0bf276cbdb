/// A saved state of another version than the keeper's, handed to its migration hook.
///
/// ```swift
/// migrate: { saved in
///     switch saved.version {
///     case 1: Counter.State(count: try saved.decode(CounterV1.self).value)
///     default: nil  // unknown: the store starts from its initial state
///     }
/// }
/// ```
public struct SavedState: Sendable {
    /// The key it was saved under.
    public let key: String
    /// The version it was saved with.
    public let version: Int
    let bytes: [UInt8]

    /// Decodes the saved state as `type`: the state type of ``version``.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try StateCoding.decodeState(type, from: bytes)
    }
}
