/// A button of an alert or a confirmation dialog, as plain state: its label, its role, and
/// the action a tap sends, typed.
///
/// `Action` is a small enum of what the presentation can lead to (`enum Alert { case
/// confirmDeletion }`); a button without one (a cancel button) only dismisses.
public struct ButtonState<Action> {
    /// The text on the button.
    public var label: String
    /// The button's role, `nil` for an ordinary button.
    public var role: ButtonRole?
    /// What a tap sends, `nil` for a button that only dismisses.
    public var action: Action?

    /// A button.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - role: The button's role, `nil` for an ordinary button.
    ///   - action: What a tap sends, `nil` for a button that only dismisses.
    public init(_ label: String, role: ButtonRole? = nil, action: Action? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }

    /// A cancel button: it dismisses, and sends `action` if there is one.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: What a tap sends besides dismissing, usually none.
    public static func cancel(_ label: String, action: Action? = nil) -> Self {
        Self(label, role: .cancel, action: action)
    }

    /// A destructive button that sends `action`.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: What a tap sends.
    public static func destructive(_ label: String, action: Action) -> Self {
        Self(label, role: .destructive, action: action)
    }

    /// The same button sending `transform(action)`: a child's alert shown by its parent.
    ///
    /// - Parameter transform: Makes the new action from the button's.
    public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
        ButtonState<NewAction>(label, role: role, action: action.map(transform))
    }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// What a button of an alert or dialog means to the system that shows it (``ButtonState/role``).
public enum ButtonRole: Hashable, Sendable {
    /// Dismisses without acting; shown apart, and chosen by the escape key.
    case cancel
    /// Deletes or discards something; shown in red.
    case destructive
}
