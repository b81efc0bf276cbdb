import Foundation
import MVI

/// The app: the list at the root, and a stack of screens pushed over it.
struct SyncUpsApp: Feature, RoutesToChildren {
    /// A screen of the stack.
    enum Path: Equatable, Sendable {
        case detail(SyncUpDetail.State)
        case meeting(Meeting, syncUp: SyncUp)
        case record(RecordMeeting.State)
    }

    /// The list, the stack, and what went wrong with the saved list.
    struct State: Equatable, Sendable {
        /// The root screen.
        var list = SyncUpsList.State()
        /// The screens over it, the top last.
        var path = DestinationStack<Path>()
        /// Why the saved list was not used or could not be saved, shown until the app quits.
        var problem: String?
    }

    /// What the person does: on the list, on a screen, or with the stack.
    enum Intent: Equatable, Sendable {
        case list(SyncUpsList.Intent), detail(Int, SyncUpDetail.Intent), record(Int, RecordMeeting.Intent)
        case path(StackChange<Path>), reportProblem(String)
    }

    /// What changes the app.
    enum Message: Equatable, Sendable {
        case list(SyncUpsList.Message), detail(Int, SyncUpDetail.Message), record(Int, RecordMeeting.Message)
        case path(StackChange<Path>), deleted(SyncUp.ID), problemReported(String)
    }

    /// The list.
    static let list = child(SyncUpsList(), at: \.list, intent: Intent.list, message: Message.list)
    /// The detail screens of the stack: a sync-up deleted leaves the list, and a meeting
    /// started pushes its recording screen.
    static let detail = child(
        SyncUpDetail(), in: \.path, case: Path.detail, intent: Intent.detail, message: Message.detail,
        sideEffects: { _, effect in
            switch effect {
            case .deleted(let id): .dispatch(.deleted(id))
            case .startMeeting(let syncUp): .dispatch(.path(.push(.record(.init(syncUp: syncUp)))))
            }
        })
    /// The recording screens of the stack.
    static let record = child(
        RecordMeeting(), in: \.path, case: Path.record, intent: Intent.record, message: Message.record)
    /// Every child, for routing and logs.
    static let childScopes: [any ChildScopeRoute<SyncUpsApp>] = [list, detail, record]

    /// Each screen's sync-up is the list's: an edit on a screen is an edit of the list and of
    /// the other screens, and a sync-up deleted from the list closes its screens.
    static let sharedElements = [
        SharedElements(
            \State.list.syncUps, copiedIn: .each(in: \.path, case: Path.detail, at: \.syncUp),
            .each(in: \.path, case: Path.record, at: \.syncUp))
    ]

    /// Applies one change to the app.
    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .path(let change): state.path.apply(change)
        case .deleted(let id): state.list.syncUps.removeAll { $0.id == id }
        case .problemReported(let problem): state.problem = problem
        default: reduceChildren(&state, message)
        }
    }

    /// Routes to the list and the screens, and moves through the stack.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .path(let change): context.dispatch(.path(change))
        case .reportProblem(let problem): context.dispatch(.problemReported(problem))
        default: context.forwardToChildren(intent)
        }
    }
}
