/// An alert as plain state: a title, a message and typed buttons, held in the feature's state
/// (often as a case of its destination enum) so that presenting it is a reduction, a test
/// asserts it with `==`, and it shows the same on any platform and in a terminal.
///
/// ```swift
/// enum Destination: Equatable, Sendable {
///     case alert(AlertState<Alert>)
///     case edit(Form.State)
/// }
/// enum Alert: Equatable, Sendable { case confirmDeletion }
///
/// extension AlertState<Meeting.Alert> {
///     static let deleteMeeting = AlertState(
///         title: "Delete?", message: "Are you sure you want to delete this meeting?",
///         buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")])
/// }
/// ```
///
/// A tap is one intent of the feature, carrying the button's action (`nil` for a button that
/// only dismisses): `case alert(Alert?)`. The message it leads to closes the alert and does
/// what the action asks, in one reduction, so there is no separate "dismissed" intent.
/// The <doc:ComposingFeatures> article shows the whole feature.
public struct AlertState<Action> {
    /// The alert's title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order. An alert with none shows a single "OK" that only dismisses
    /// (``shownButtons``).
    public var buttons: [ButtonState<Action>]

    /// An alert.
    ///
    /// - Parameters:
    ///   - title: The alert's title.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order; none for a single "OK".
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// The buttons a view shows: ``buttons``, or an "OK" cancel button when there are none.
    public var shownButtons: [ButtonState<Action>] {
        buttons.isEmpty ? [.cancel("OK")] : buttons
    }

    /// The same alert with its buttons sending `transform(action)`: a child's alert shown by
    /// its parent.
    ///
    /// - Parameter transform: Makes the new action from a button's.
    public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
        AlertState<NewAction>(title: title, message: message, buttons: buttons.map { $0.map(transform) })
    }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomStringConvertible {
    /// The alert as text, for logs and terminal views: the title, the message, and the
    /// buttons in brackets (`Delete? Are you sure? [Yes] [Nevermind]`).
    public var description: String {
        var parts: [String] = [title]
        if let message { parts.append(message) }
        for button in shownButtons { parts.append("[" + button.label + "]") }
        return parts.joined(separator: " ")
    }
}
