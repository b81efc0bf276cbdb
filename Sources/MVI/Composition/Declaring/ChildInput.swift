/// A child's intent or message, in one case of a parent whose intents are its messages
/// (a ``ReducingFeature``): the parent writes each child once, in one enum.
///
/// ```swift
/// struct App: ReducingFeature {
///     enum Intent: Equatable {
///         case list(ChildInput<List>), detail(Int, ChildInput<Detail>)
///         case path(StackChange<Screen>)
///     }
///     static let list = child(List(), .at(\.list), input: Intent.list)
///     static let detail = child(Detail(), .each(\.path, Screen.detail), input: Intent.detail)
///     static let childScopes: [any ChildScopeRoute<App>] = [list, detail]
///     // …
/// }
/// ```
///
/// The store routes both through the scope: an `intent` is run by the child's own `execute`,
/// a `message` reduced by the child's reducer, and the parent's `reduce` never sees either.
/// The child keeps its own split of intents and messages, and a test asserts each as it is,
/// `.detail(0, .intent(.editTapped))` sent and `.detail(0, .message(.saved(syncUp)))` received.
public enum ChildInput<Child: Feature>: Sendable {
    /// An intent for the child: what the person did on the child's screen.
    case intent(Child.Intent)
    /// A message of the child: a change of the child's state.
    case message(Child.Message)

    /// The intent, if this is one.
    @inlinable package var intent: Child.Intent? {
        if case .intent(let intent) = self { intent } else { nil }
    }

    /// The message, if this is one.
    @inlinable package var message: Child.Message? {
        if case .message(let message) = self { message } else { nil }
    }
}

extension ChildInput: Equatable where Child.Intent: Equatable, Child.Message: Equatable {}

extension ChildInput: Hashable where Child.Intent: Hashable, Child.Message: Hashable {}

extension ChildInput: Encodable where Child.Intent: Encodable, Child.Message: Encodable {}

extension ChildInput: Decodable where Child.Intent: Decodable, Child.Message: Decodable {}

extension ChildInput: CustomStringConvertible {
    /// `intent(…)` or `message(…)` around the child's value as Swift writes it, so that a
    /// parent's value reads `rows(7, intent(Row.Intent.tick))` in logs, without this type's
    /// whole generic name before each child value.
    public var description: String {
        switch self {
        case .intent(let intent): "intent(\(String(reflecting: intent)))"
        case .message(let message): "message(\(String(reflecting: message)))"
        }
    }
}
