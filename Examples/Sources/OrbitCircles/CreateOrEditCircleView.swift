import MVI
import MVIView
import TextUI

/// Orbit's CreateEditCircle screen, rendered to text: a name field, a cover photo, a close
/// button, the CTA, a delete button in edit mode and a spinner while committing.
///
/// It takes a dispatcher and nothing else (the Playtomic shape), so a screenshot or an
/// interaction test needs no presenter. ``render(_:)`` is the original's `handleState`,
/// ``handleSideEffect(_:)`` its `handleSideEffect`. The form's text lives in the view, as in
/// the seed: the presenter gets it with each intent as a ``CreateOrEditCircleRequest``.
///
/// ```swift
/// let presenter = CreateOrEditCirclePresenter(circlesRepository: repository)
/// let view = CreateOrEditCircleView(dispatcher: presenter.dispatch)
/// view.render(presenter.state)
/// ```
@MainActor
public final class CreateOrEditCircleView: ViewRenderer, TextRenderable {
    /// The circle's name (`input_name`, an EditText).
    public let nameField = TextView()
    /// The cover photo's address (`image_cover`).
    public let coverPhotoView = TextView()
    /// Closes the screen (`button_close`, an ImageView).
    public let closeButton = Button("×")
    /// The call to action, enabled by the state's `ctaEnabled` (`button_save`).
    public let saveButton = Button("Save")
    /// Asks to delete the circle; edit mode only (`button_delete`).
    public let deleteButton = Button("Delete")
    /// Confirms the deletion in the dialog (`button_confirm_delete`).
    public let confirmDeleteButton = Button("Delete")
    /// "Creating…" or "Saving…" while committing, empty otherwise.
    public let spinner = TextView()
    /// The dialog a side effect opened, empty if none.
    public let dialog = TextView()
    /// Where a side effect navigated to, empty if nowhere.
    public let navigation = TextView()

    private let dispatcher: (CreateOrEditCircleIntent) -> Void
    private var mode: CreateOrEditState.Mode = .create
    private var isEditInitialized = false

    /// Creates the screen; every tap goes to `dispatcher`.
    public init(dispatcher: @escaping (CreateOrEditCircleIntent) -> Void) {
        self.dispatcher = dispatcher
        deleteButton.isEnabled = false
        confirmDeleteButton.isEnabled = false
        closeButton.onClick = { [unowned self] in dispatcher(.onExitRequested(createCircleRequestDomain: request)) }
        saveButton.onClick = { [unowned self] in dispatcher(.onFormSubmitted(createCircleRequestDomain: request)) }
        deleteButton.onClick = { dispatcher(.onDeleteCircleRequested) }
        confirmDeleteButton.onClick = { [unowned self] in
            showDialog("")
            dispatcher(.onDeleteCircleConfirmed)
        }
    }

    /// What the form holds now.
    public var request: CreateOrEditCircleRequest {
        CreateOrEditCircleRequest(circleName: nameField.text, coverPhoto: coverPhotoView.text)
    }

    /// The user typed in the name field: the presenter checks the form.
    public func typeName(_ name: String) {
        nameField.setText(name)
        dispatcher(.onCheckFormRequested(createCircleRequestDomain: request))
    }

    /// The user picked a cover photo: the presenter checks the form.
    public func pickCoverPhoto(_ url: String) {
        coverPhotoView.setText(url)
        dispatcher(.onCheckFormRequested(createCircleRequestDomain: request))
    }

    /// Shows `state` (the original's `handleState`): the CTA, the spinner by mode, and the edited
    /// circle's data, filled in once when it arrives.
    public func render(_ state: CreateOrEditState) {
        mode = state.mode
        saveButton.isEnabled = state.ctaEnabled
        deleteButton.isEnabled = state.mode == .edit && !state.committingChanges
        if state.committingChanges {
            spinner.setText(state.mode == .create ? "Creating…" : "Saving…")
        } else if !spinner.text.isEmpty {
            spinner.setText("")
        }
        if state.mode == .edit, !isEditInitialized, let circle = state.editedCircle {
            isEditInitialized = true
            nameField.setText(circle.name)
            coverPhotoView.setText(circle.coverPhoto)
        }
    }

    /// Acts on a side effect (the original's `handleSideEffect`): opens a dialog or navigates.
    public func handleSideEffect(_ sideEffect: CreateOrEditSideEffect) {
        switch sideEffect {
        case .openCircleInvite(let id): navigation.setText("circle invite \(id)")
        case .openCircleFeed(let id): navigation.setText("circle feed \(id)")
        case .close: navigation.setText("closed")
        case .openAggregatedFeed: navigation.setText("aggregated feed")
        case .showDeleteConfirmation: showDialog("Delete this circle?", confirmsDeletion: true)
        case .showExitConfirmation: showDialog(mode == .create ? "Discard the new circle?" : "Discard your changes?")
        case .showError:
            showDialog(mode == .create ? "The circle could not be created." : "The changes could not be saved.")
        case .showInitEditError: showDialog("The circle could not be loaded.")
        }
    }

    /// Shows `text` as the dialog (none if empty), with the confirm-delete button if asked.
    private func showDialog(_ text: String, confirmsDeletion: Bool = false) {
        dialog.setText(text)
        confirmDeleteButton.isEnabled = confirmsDeletion
    }

    /// The screen as text, one line per element; the delete button only in edit mode, the
    /// spinner, dialog and navigation only when shown.
    public var renderedText: String {
        var lines = [
            mode == .create ? "Create circle" : "Edit circle",
            "  [button_close] ImageView \(closeButton.rendered)",
            "  [input_name] \"\(nameField.text)\"",
            "  [image_cover] \(coverPhotoView.text.isEmpty ? "(none)" : coverPhotoView.text)",
            "  [button_save] \(saveButton.rendered)",
        ]
        if mode == .edit { lines.append("  [button_delete] \(deleteButton.rendered)") }
        if !spinner.text.isEmpty { lines.append("  [spinner] \(spinner.text)") }
        if !dialog.text.isEmpty {
            lines.append(
                "  [dialog] \(dialog.text)\(confirmDeleteButton.isEnabled ? " \(confirmDeleteButton.rendered)" : "")")
        }
        if !navigation.text.isEmpty { lines.append("  [navigation] \(navigation.text)") }
        return lines.joined(separator: "\n")
    }
}
