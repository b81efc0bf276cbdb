import Foundation
import MVI

/// The app: the list at the root, and a stack of screens pushed over it. It only routes and
/// reduces, so its intents are its messages: each child is one case, and there is no `execute`.
struct SyncUpsApp: ReducingFeature {
    /// A screen of the stack.
    enum Path: Equatable {
        case detail(SyncUpDetail.State)
        case meeting(Meeting, syncUp: SyncUp)
        case record(RecordMeeting.State)
    }

    /// The list, the stack, and what went wrong with the saved list.
    struct State: Equatable {
        /// The root screen.
        var list = SyncUpsList.State()
        /// The screens over it, the top last.
        var path = DestinationStack<Path>()
        /// Why the saved list was not used or could not be saved, shown until the app quits.
        var problem: String?
    }

    /// What happens: on the list, on a screen, to the stack; a sync-up deleted from its
    /// screen; a problem with the saved list.
    enum Intent: Equatable {
        case list(ChildInput<SyncUpsList>), detail(Int, ChildInput<SyncUpDetail>)
        case record(Int, ChildInput<RecordMeeting>), path(StackChange<Path>), deleted(SyncUp.ID)
        case reportProblem(String)
    }

    /// The detail screens of the stack: a sync-up deleted leaves the list, and a meeting
    /// started pushes its recording screen.
    static let detail = child(
        SyncUpDetail(), .each(\.path, Path.detail), input: Intent.detail,
        sideEffects: { _, effect in
            switch effect {
            case .deleted(let id): .dispatch(.deleted(id))
            case .startMeeting(let syncUp): .dispatch(.path(.push(.record(.init(syncUp: syncUp)))))
            }
        })
    /// The list at the root.
    static let list = child(SyncUpsList(), .at(\.list), input: Intent.list)
    /// The recording screens of the stack.
    static let record = child(RecordMeeting(), .each(\.path, Path.record), input: Intent.record)
    /// The children: the store hands each its intents and messages.
    static let childScopes: ChildScopes = [list, detail, record]

    /// Each screen's sync-up is the list's: an edit on a screen is an edit of the list and of
    /// the other screens, and a sync-up deleted from the list closes its screens.
    static let sharedElements = [
        SharedElements(
            \State.list.syncUps, copiedIn: .each(in: \.path, case: Path.detail, at: \.syncUp),
            .each(in: \.path, case: Path.record, at: \.syncUp))
    ]

    /// Applies one change to the app; the children's go to them.
    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .path(let change): state.path.apply(change)
        case .deleted(let id): state.list.syncUps.removeAll { $0.id == id }
        case .reportProblem(let problem): state.problem = problem
        default: break  // the children's: the store has handed them over
        }
    }
}
