import MVI
import MVIView

// Orbit's CreateOrEditCircle screen, as a Playtomic-shaped view:
// it takes only a state and a dispatcher.

package struct CreateCircleRequest: Equatable, Sendable {
    package var circleName: String
    package var coverPhoto: String

    package init(circleName: String, coverPhoto: String) {
        self.circleName = circleName
        self.coverPhoto = coverPhoto
    }
}

package struct CreateCircleState: Equatable, Sendable {
    package var circleName = ""
    package var coverPhoto = ""
    package var isCommittingChanges = false

    package init(circleName: String = "", coverPhoto: String = "", isCommittingChanges: Bool = false) {
        self.circleName = circleName
        self.coverPhoto = coverPhoto
        self.isCommittingChanges = isCommittingChanges
    }
}

package enum CreateCircleIntent: Equatable, Sendable {
    case onExitRequested(createCircleRequestDomain: CreateCircleRequest)
    case onNameChanged(String)
    case onSaveClicked
}

/// The view: a state in, intents out through `dispatch`. Nothing else to mock in a preview,
/// a screenshot or an interaction test.
@MainActor
package struct CreateCircleScreen: TextRenderable {
    package let state: CreateCircleState
    package let dispatch: (CreateCircleIntent) -> Void

    package let closeButton = Button()
    package let saveButton = Button()

    package init(state: CreateCircleState, dispatch: @escaping (CreateCircleIntent) -> Void) {
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
    package func type(_ name: String) {
        dispatch(.onNameChanged(name))
    }

    package var renderedText: String {
        """
        CreateCircle
          [button_close] ImageView
          [input_name] "\(state.circleName)"
          [cover_photo] \(state.coverPhoto.isEmpty ? "(none)" : state.coverPhoto)
          [button_save] \(saveButton.isEnabled ? "enabled" : "disabled")\(state.isCommittingChanges ? " (saving…)" : "")
        """
    }
}

/// The store behind the Playtomic-shaped CreateCircle screen.
package struct CreateCircle: Feature {
    package init() {}

    package typealias State = CreateCircleState
    package typealias Intent = CreateCircleIntent
    package enum Message: Sendable { case name(String) }

    package static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .name(let name): state.circleName = name
        }
    }

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .onNameChanged(let name): context.dispatch(.name(name))
        case .onExitRequested, .onSaveClicked: break
        }
    }
}
