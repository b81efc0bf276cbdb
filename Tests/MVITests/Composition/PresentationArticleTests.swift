import MVI
import MVITesting
import Testing

/// The code of the "Composing features" article's sections on children that close themselves
/// and on alerts (MVI.docc), compiled and run. Keep in sync.
enum PresentationDocs {
    struct EditForm: Feature {
        struct State: Equatable, Sendable { var title = "" }
        enum Intent: Sendable, Equatable { case setTitle(String), cancel, save }
        enum Message: DismissibleMessage, Equatable { case dismiss, titled(String) }
        enum SideEffect: Sendable, Equatable { case saved(String) }

        static func reduce(_ state: inout State, _ message: Message) {
            if case .titled(let title) = message { state.title = title }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .setTitle(let title): context.dispatch(.titled(title))
            case .cancel: context.dismiss()
            case .save:
                context.post(.saved(context.state.title))
                context.dismiss()
            }
        }
    }

    struct Meeting: Feature {
        enum Destination: Equatable, Sendable {
            case edit(EditForm.State)
            case alert(AlertState<Alert>)
        }
        enum Alert: Equatable, Sendable { case confirmDeletion }
        struct State: Equatable, Sendable {
            var title: String
            var isDeleted = false
            var destination: Destination?
        }
        enum Intent: Sendable, Equatable {
            case editTapped, deleteTapped
            case alert(Alert?)
            case edit(EditForm.Intent)
        }
        enum Message: Sendable, Equatable {
            case presented(Destination), renamed(String), alertClosed(Alert?)
            case edit(EditForm.Message)
        }

        static let edit = child(
            EditForm(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit,
            sideEffects: { effect in
                switch effect {
                case .saved(let title): .dispatch(.renamed(title))
                }
            })
        static let childScopes: [any ChildScopeRoute<Self>] = [edit]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .presented(let destination): state.destination = destination
            case .renamed(let title): state.title = title
            case .alertClosed(let action):
                state.destination = nil
                if action == .confirmDeletion { state.isDeleted = true }
            case .edit: break  // the form's: routed by its scope
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .editTapped: context.dispatch(.presented(.edit(.init(title: context.state.title))))
            case .deleteTapped: context.dispatch(.presented(.alert(.deleteMeeting)))
            case .alert(let action): context.dispatch(.alertClosed(action))
            case .edit: break  // the form's: routed by its scope
            }
        }
    }
}

extension AlertState<PresentationDocs.Meeting.Alert> {
    static var deleteMeeting: Self {
        AlertState(
            title: "Delete?", message: "Are you sure you want to delete this meeting?",
            buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")])
    }
}

@Suite(.timeLimit(.minutes(5))) struct PresentationArticleTests {
    typealias Meeting = PresentationDocs.Meeting

    @Test func aSheetClosesItselfAndAnAlertClosesWithItsTap() async {
        let store = TestStore(Meeting(), initialState: .init(title: "Standup"))
        await store.send(.editTapped) { $0.destination = .edit(.init(title: "Standup")) }
        await store.send(.edit(.setTitle("Retro"))) { $0.destination = .edit(.init(title: "Retro")) }
        await store.send(.edit(.save)) {
            $0.title = "Retro"
            $0.destination = nil
        }

        await store.send(.deleteTapped) { $0.destination = .alert(.deleteMeeting) }
        await store.send(.alert(.confirmDeletion)) {
            $0.destination = nil
            $0.isDeleted = true
        }
        await store.finish()
    }

    @Test func theAlertsCancelButtonOnlyCloses() async {
        let store = TestStore(Meeting(), initialState: .init(title: "Standup", destination: .alert(.deleteMeeting)))
        guard case .alert(let alert) = store.state.destination, let cancel = alert.buttons.last else {
            Issue.record("the alert is not shown")
            return
        }
        #expect(cancel.role == .cancel)
        // The view sends the tapped button's action, `nil` for the cancel button.
        await store.send(.alert(cancel.action)) { $0.destination = nil }
        await store.finish()
    }
}
