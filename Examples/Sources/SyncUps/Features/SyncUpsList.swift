import Dependencies
import Foundation
import MVI

/// The sync-ups, with the sheet that adds one.
struct SyncUpsList: ReducingFeature {
    /// The list and the add sheet, when it is open.
    struct State: Equatable {
        /// The form of the sync-up being added.
        var add: SyncUpForm.State?
        /// Every sync-up, in the order they were added.
        var syncUps: [SyncUp] = []
    }

    /// What the person does, and the add sheet opened on a new sync-up.
    enum Intent: Equatable {
        case addSyncUpTapped, confirmAddTapped, dismissAddTapped, delete(atOffsets: IndexSet)
        case add(ChildInput<SyncUpForm>), addPresented(SyncUpForm.State)
    }

    /// The add sheet's form.
    static let add = child(SyncUpForm(), .optional(\.add), input: Intent.add)
    /// The form: the store hands it its intents and messages.
    static let childScopes: ChildScopes = [add]

    /// Opens, confirms and discards the add sheet; deletes.
    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .addSyncUpTapped: break  // its work makes the new sync-up's id
        case .addPresented(let form): state.add = form
        case .confirmAddTapped:
            guard let form = state.add else { return }
            state.syncUps.append(form.syncUp.withoutBlankAttendees)
            state.add = nil
        case .dismissAddTapped: state.add = nil
        case .delete(let offsets): state.syncUps.remove(atOffsets: offsets)
        case .add: break  // the store hands it to the form
        }
    }

    /// Opens the add sheet on a sync-up with a new id.
    func work(for intent: Intent, _ context: StoreContext<Self>) {
        guard case .addSyncUpTapped = intent else { return }
        @Dependency(\.uuid) var uuid
        context.dispatch(.addPresented(.init(syncUp: SyncUp(id: uuid()))))
    }
}
