import MVI

// Seed 000 (Orbit): the CreateOrEditCircle screen, as a Playtomic-shaped view (seed 001):
// it takes only a state and a dispatcher.

struct CreateCircleRequest: Equatable, Sendable {
    var circleName: String
    var coverPhoto: String
}

struct CreateCircleState: Equatable, Sendable {
    var circleName = ""
    var coverPhoto = ""
    var isCommittingChanges = false
}

enum CreateCircleIntent: Equatable, Sendable {
    case onExitRequested(createCircleRequestDomain: CreateCircleRequest)
    case onNameChanged(String)
    case onSaveClicked
}

/// The view: a state in, intents out through `dispatch`. Nothing else to mock in a preview,
/// a screenshot or an interaction test.
@MainActor
struct CreateCircleScreen: TextRenderable {
    let state: CreateCircleState
    let dispatch: (CreateCircleIntent) -> Void

    let closeButton = Button()
    let saveButton = Button()

    init(state: CreateCircleState, dispatch: @escaping (CreateCircleIntent) -> Void) {
        self.state = state
        self.dispatch = dispatch
        closeButton.onClick = {
            dispatch(
                .onExitRequested(
                    createCircleRequestDomain: CreateCircleRequest(
                        circleName: state.circleName, coverPhoto: state.coverPhoto)))
        }
        saveButton.isEnabled = !state.circleName.isEmpty && !state.isCommittingChanges
        saveButton.onClick = { dispatch(.onSaveClicked) }
    }

    /// The text field: typing dispatches each new name.
    func type(_ name: String) {
        dispatch(.onNameChanged(name))
    }

    var renderedText: String {
        """
        CreateCircle
          [button_close] ImageView
          [input_name] "\(state.circleName)"
          [cover_photo] \(state.coverPhoto.isEmpty ? "(none)" : state.coverPhoto)
          [button_save] \(saveButton.isEnabled ? "enabled" : "disabled")\(state.isCommittingChanges ? " (saving…)" : "")
        """
    }
}
