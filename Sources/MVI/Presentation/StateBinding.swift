/// A view's write of one field of a feature's state: what a text field, a toggle, a picker or
/// a focus change sends. One intent case and one message case carry every field's writes,
/// instead of a pair of cases, a reduction and a relay per field:
///
/// ```swift
/// enum Intent: Equatable, Sendable { case binding(StateBinding<State>), saveTapped }
/// enum Message: Equatable, Sendable { case binding(StateBinding<State>), saved }
///
/// case .binding(let binding): binding.apply(to: &state)    // reduce
/// case .binding(let binding): context.dispatch(.binding(binding))    // execute
/// ```
///
/// A view sends `.binding(.set(\.title, "Retro"))`, and a test sends and asserts the same
/// value: two bindings are equal when they write the same field with equal values. The
/// message goes through `reduce` like any other, so logs, time travel and replays show each
/// write (`set(\State.title, "Retro")`), and `execute` can still react to one field
/// (``value(at:)``) before dispatching it.
public struct StateBinding<Root>: Sendable, Equatable, CustomStringConvertible {
    /// The field written.
    public let keyPath: any PartialKeyPath<Root> & Sendable
    /// The value written, for equality and the description.
    private let written: any Sendable
    private let write: @Sendable (inout Root) -> Void
    private let isEqual: @Sendable (any Sendable) -> Bool

    private init(
        keyPath: any PartialKeyPath<Root> & Sendable, written: any Sendable,
        write: @escaping @Sendable (inout Root) -> Void,
        isEqual: @escaping @Sendable (any Sendable) -> Bool
    ) {
        self.keyPath = keyPath
        self.written = written
        self.write = write
        self.isEqual = isEqual
    }

    /// Writes `value` to the field at `keyPath`.
    ///
    /// - Parameters:
    ///   - keyPath: The field, below the feature's state (`\.title`, `\.syncUp.duration`).
    ///   - value: What the view set it to.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
    ) -> Self {
        StateBinding(
            keyPath: keyPath, written: value, write: { $0[keyPath: keyPath] = value },
            isEqual: { other in (other as? Value) == value })
    }

    /// Writes the value to its field of `state`: what `reduce` does with a binding.
    public func apply(to state: inout Root) {
        write(&state)
    }

    /// The value written, if this binding writes the field at `keyPath`; `nil` for another
    /// field. For an `execute` that does more when one field changes.
    public func value<Value>(at keyPath: KeyPath<Root, Value>) -> Value? {
        let written: PartialKeyPath<Root> = self.keyPath
        return written == keyPath ? self.written as? Value : nil
    }

    /// Whether both write the same field with equal values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.written)
    }

    /// `set(\State.title, "Retro")`.
    public var description: String {
        let text = (written as? any CustomDebugStringConvertible)?.debugDescription ?? String(describing: written)
        return "set(\(keyPath), \(text))"
    }
}
