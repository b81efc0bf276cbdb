import Dependencies
import Foundation
import MVI

/// The sync-ups, with the sheet that adds one.
struct SyncUpsList: Feature, RoutesToChildren {
    /// The list and the add sheet, when it is open.
    struct State: Equatable, Sendable {
        /// The form of the sync-up being added.
        var add: SyncUpForm.State?
        /// Every sync-up, in the order they were added.
        var syncUps: [SyncUp] = []
    }

    /// What the person does.
    enum Intent: Equatable, Sendable {
        case addSyncUpTapped, confirmAddTapped, dismissAddTapped, delete(atOffsets: IndexSet)
        case add(SyncUpForm.Intent)
    }

    /// What changes the list.
    enum Message: Equatable, Sendable {
        case addPresented(SyncUpForm.State?), added(SyncUp), deleted(atOffsets: IndexSet)
        case add(SyncUpForm.Message)
    }

    /// The add sheet's form.
    static let add = child(SyncUpForm(), at: \.add, intent: Intent.add, message: Message.add)
    /// The form, for routing and logs.
    static let childScopes: [any ChildScopeRoute<SyncUpsList>] = [add]

    /// Applies one change to the list.
    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .addPresented(let form): state.add = form
        case .added(let syncUp):
            state.syncUps.append(syncUp)
            state.add = nil
        case .deleted(let offsets): state.syncUps.remove(atOffsets: offsets)
        case .add: reduceChildren(&state, message)
        }
    }

    /// Opens, confirms and discards the add sheet; deletes.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .addSyncUpTapped:
            @Dependency(\.uuid) var uuid
            context.dispatch(.addPresented(.init(syncUp: SyncUp(id: uuid()))))
        case .confirmAddTapped:
            guard let form = context.state.add else { return }
            context.dispatch(.added(form.syncUp.withoutBlankAttendees))
        case .dismissAddTapped: context.dispatch(.addPresented(nil))
        case .delete(let offsets): context.dispatch(.deleted(atOffsets: offsets))
        case .add: context.forwardToChildren(intent)
        }
    }
}
