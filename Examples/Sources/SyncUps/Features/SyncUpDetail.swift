import Dependencies
import Foundation
import MVI

/// One sync-up: its meetings, the edit sheet, deletion, and the start of a meeting.
struct SyncUpDetail: ReducingFeature {
    /// What the screen shows over itself: at most one thing.
    enum Destination: Equatable {
        case alert(AlertState<Alert>)
        case edit(SyncUpForm.State)
    }

    /// What the detail's alerts lead to.
    enum Alert: Equatable {
        case confirmDeletion, continueWithoutRecording, openSettings
    }

    /// The sync-up and what is shown over it.
    struct State: Equatable {
        /// The sheet or alert shown.
        var destination: Destination?
        /// The sync-up shown.
        var syncUp: SyncUp
    }

    /// What the person does, and what the screen shows over itself.
    enum Intent: Equatable {
        case cancelEditTapped, deleteTapped, deleteMeetings(atOffsets: IndexSet), doneEditingTapped, editTapped
        case startMeetingTapped, alert(Alert?), edit(ChildInput<SyncUpForm>), presented(Destination?)
    }

    /// What the app does for the detail.
    enum SideEffect: Equatable {
        /// The sync-up was deleted: the list drops it, and its screens close.
        case deleted(SyncUp.ID)
        /// A meeting starts: the recording screen is pushed.
        case startMeeting(SyncUp)
    }

    /// The edit sheet's form.
    static let edit = child(SyncUpForm(), .case(\.destination, Destination.edit), input: Intent.edit)
    /// The form: the store hands it its intents and messages.
    static let childScopes: ChildScopes = [edit]

    /// Applies one change to the screen.
    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .cancelEditTapped, .alert: state.destination = nil
        case .deleteTapped: state.destination = .alert(.deleteSyncUp)
        case .deleteMeetings(let offsets): state.syncUp.meetings.remove(atOffsets: offsets)
        case .doneEditingTapped:
            guard case .edit(let form) = state.destination else { return }
            state.syncUp = form.syncUp.withoutBlankAttendees
            state.destination = nil
        case .editTapped, .startMeetingTapped: break  // their work reads a dependency
        case .presented(let destination): state.destination = destination
        case .edit: break  // the store hands it to the form
        }
    }

    /// Opens the form, asks the recognizer before a meeting, and does what an alert's button says.
    func work(for intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .editTapped: context.dispatch(.presented(.edit(.init(syncUp: context.state.syncUp))))
        case .startMeetingTapped:
            @Dependency(\.speechClient) var speech
            switch speech.authorizationStatus() {
            case .notDetermined, .authorized: context.post(.startMeeting(context.state.syncUp))
            case .denied: context.dispatch(.presented(.alert(.speechRecognitionDenied)))
            case .restricted: context.dispatch(.presented(.alert(.speechRecognitionRestricted)))
            }
        case .alert(.confirmDeletion?): context.post(.deleted(context.state.syncUp.id))
        case .alert(.continueWithoutRecording?): context.post(.startMeeting(context.state.syncUp))
        case .alert(.openSettings?):
            context.run { _ in
                @Dependency(\.openSettings) var openSettings
                await openSettings()
            }
        default: break
        }
    }
}

extension AlertState<SyncUpDetail.Alert> {
    /// Asks before a sync-up is deleted.
    static let deleteSyncUp = AlertState(
        title: "Delete?", message: "This deletes the sync-up and all its meetings.",
        buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")])

    /// Speech recognition was turned off: the meeting can go on unrecorded.
    static let speechRecognitionDenied = AlertState(
        title: "Speech recognition denied",
        message: "Speech recognition was turned off, so this meeting would not be transcribed. "
            + "Allow it in settings, or go on without a transcript.",
        buttons: [
            ButtonState("Continue without recording", action: .continueWithoutRecording),
            ButtonState("Open settings", action: .openSettings), .cancel("Cancel"),
        ])

    /// This device cannot recognize speech: the meeting can go on unrecorded.
    static let speechRecognitionRestricted = AlertState(
        title: "Speech recognition restricted",
        message: "This device cannot recognize speech, so this meeting would not be transcribed.",
        buttons: [ButtonState("Continue without recording", action: .continueWithoutRecording), .cancel("Cancel")])
}
