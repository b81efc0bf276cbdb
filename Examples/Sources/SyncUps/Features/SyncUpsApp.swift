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
        case pushed(Path), popped(from: Int), changed(SyncUp), deleted(SyncUp.ID), problemReported(String)
    }

    /// The list.
    static let list = child(SyncUpsList.self, at: \.list, intent: Intent.list, message: Message.list)
    /// The detail screens of the stack, whose changes reach the list and the other screens.
    static let detail = child(
        SyncUpDetail.self, in: \.path, case: Path.detail, intent: Intent.detail, message: Message.detail,
        sideEffects: { _, effect in
            switch effect {
            case .changed(let syncUp): .dispatch(.changed(syncUp))
            case .deleted(let id): .dispatch(.deleted(id))
            case .startMeeting(let syncUp): .send(.startMeeting(syncUp))
            }
        })
    /// The recording screens of the stack, whose saved meeting reaches the list and the detail.
    static let record = child(
        RecordMeeting.self, in: \.path, case: Path.record, intent: Intent.record, message: Message.record,
        sideEffects: { _, effect in
            switch effect {
            case .saved(let syncUp): .dispatch(.changed(syncUp))
            }
        })

    /// Applies one change to the app.
    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .list(let message): list.reduce(&state, message)
        case .detail(let id, let message): detail.reduce(&state, message, id: id)
        case .record(let id, let message): record.reduce(&state, message, id: id)
        case .pushed(let screen): state.path.push(screen)
        case .popped(let id): state.path.pop(from: id)
        case .changed(let syncUp):
            // Each place holding a copy gets the new one: what shared state will do (issue 32).
            if let index = state.list.syncUps.firstIndex(where: { $0.id == syncUp.id }) {
                state.list.syncUps[index] = syncUp
            }
            state.path.modifyEach { $0.replace(syncUp) }
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

extension SyncUpsApp.Path {
    /// Puts `syncUp` in place of the screen's copy of it.
    mutating func replace(_ syncUp: SyncUp) {
        switch self {
        case .detail(var detail) where detail.syncUp.id == syncUp.id:
            detail.syncUp = syncUp
            self = .detail(detail)
        case .meeting(let meeting, let old) where old.id == syncUp.id: self = .meeting(meeting, syncUp: syncUp)
        case .record(var record) where record.syncUp.id == syncUp.id:
            record.syncUp = syncUp
            self = .record(record)
        default: break
        }
    }
}

extension SyncUpsApp: RoutesToChildren {
    /// The list and the screens, so that logs name the child an intent is for.
    static var childScopes: [any ChildScopeRoute<SyncUpsApp>] { [list, detail, record] }
}
