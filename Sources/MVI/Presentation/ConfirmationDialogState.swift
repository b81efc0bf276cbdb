/// A confirmation dialog (an action sheet) as plain state: like ``AlertState``, for a choice
/// among several actions, with a title the system may hide.
///
/// ```swift
/// ConfirmationDialogState<Sort>(
///     title: "Sort by", buttons: [.init("Name", action: .name), .init("Date", action: .date),
///                                 .cancel("Cancel")])
/// ```
public struct ConfirmationDialogState<Action> {
    /// The dialog's title.
    public var title: String
    /// Whether the dialog shows its title.
    public var titleVisibility: DialogTitleVisibility
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order. A platform adds a cancel button when none has the cancel role.
    public var buttons: [ButtonState<Action>]

    /// A confirmation dialog.
    ///
    /// - Parameters:
    ///   - title: The dialog's title.
    ///   - titleVisibility: Whether the dialog shows its title.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String, titleVisibility: DialogTitleVisibility = .automatic, message: String? = nil,
        buttons: [ButtonState<Action>]
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }

    /// The same dialog with its buttons sending `transform(action)`.
    ///
    /// - Parameter transform: Makes the new action from a button's.
    public func map<NewAction>(_ transform: (Action) -> NewAction) -> ConfirmationDialogState<NewAction> {
        ConfirmationDialogState<NewAction>(
            title: title, titleVisibility: titleVisibility, message: message,
            buttons: buttons.map { $0.map(transform) })
    }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

/// Whether a confirmation dialog shows its title (``ConfirmationDialogState/titleVisibility``).
public enum DialogTitleVisibility: Hashable, Sendable {
    /// As the platform does by default.
    case automatic
    /// Always.
    case visible
    /// Never.
    case hidden
}
