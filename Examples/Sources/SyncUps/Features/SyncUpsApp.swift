import Foundation
import MVI

/// The app: the list at the root, and a stack of screens pushed over it.
struct SyncUpsApp: Feature {
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

    /// What the person does, on the list, on a screen, or with the stack.
    enum Intent: Equatable, Sendable {
        case list(SyncUpsList.Intent), detail(Int, SyncUpDetail.Intent), record(Int, RecordMeeting.Intent)
        case push(Path), back, startMeeting(SyncUp), reportProblem(String)
    }

    /// What changes the app.
    enum Message: Equatable, Sendable {
        case list(SyncUpsList.Message), detail(Int, SyncUpDetail.Message), record(Int, RecordMeeting.Message)
        case pushed(Path), popped(from: Int), deleted(SyncUp.ID), problemReported(String)
    }

    /// The list.
    static let list = child(SyncUpsList.self, at: \.list, intent: Intent.list, message: Message.list)
    /// The detail screens of the stack.
    static let detail = child(
        SyncUpDetail.self, in: \.path, case: Path.detail, intent: Intent.detail, message: Message.detail,
        sideEffects: { _, effect in
            switch effect {
            case .deleted(let id): .dispatch(.deleted(id))
            case .startMeeting(let syncUp): .send(.startMeeting(syncUp))
            }
        })
    /// The recording screens of the stack.
    static let record = child(
        RecordMeeting.self, in: \.path, case: Path.record, intent: Intent.record, message: Message.record)

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
        case .list(let message): list.reduce(&state, message)
        case .detail(let id, let message): detail.reduce(&state, message, id: id)
        case .record(let id, let message): record.reduce(&state, message, id: id)
        case .pushed(let screen): state.path.push(screen)
        case .popped(let id): state.path.pop(from: id)
        case .deleted(let id): state.list.syncUps.removeAll { $0.id == id }
        case .problemReported(let problem): state.problem = problem
        }
    }

    /// Routes to the list and the screens; pushes, pops, and starts a meeting's timer.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .list(let intent): context.forward(intent, to: SyncUpsList(), in: Self.list)
        case .detail(let id, let intent): context.forward(intent, to: SyncUpDetail(), in: Self.detail, id: id)
        case .record(let id, let intent): context.forward(intent, to: RecordMeeting(), in: Self.record, id: id)
        case .push(let screen): context.dispatch(.pushed(screen))
        case .back:
            guard let top = context.state.path.topID else { return }
            context.dispatch(.popped(from: top))
        case .startMeeting(let syncUp):
            context.dispatch(.pushed(.record(.init(syncUp: syncUp))))
            guard let id = context.state.path.topID else { return }
            context.forward(.start, to: RecordMeeting(), in: Self.record, id: id)
        case .reportProblem(let problem): context.dispatch(.problemReported(problem))
        }
    }
}

extension SyncUpsApp: RoutesToChildren {
    /// The list and the screens, so that logs name the child an intent is for.
    static var childScopes: [any ChildScopeRoute<SyncUpsApp>] { [list, detail, record] }
}
