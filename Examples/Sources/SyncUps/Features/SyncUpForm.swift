import Dependencies
import Foundation
import MVI

/// The form that edits a sync-up, in the add sheet and the edit sheet: it knows nothing of
/// either; its parent reads the sync-up when the person confirms.
struct SyncUpForm: Feature {
    /// The sync-up being edited and the field with the keyboard.
    struct State: Equatable {
        /// The field being typed into.
        var focus: Field? = .title
        /// The sync-up as edited so far.
        var syncUp: SyncUp

        /// A form on `syncUp`; one without attendees gets a blank one, with an id of the `uuid`
        /// dependency.
        init(focus: Field? = .title, syncUp: SyncUp) {
            self.focus = focus
            self.syncUp = syncUp
            if syncUp.attendees.isEmpty {
                @Dependency(\.uuid) var uuid
                self.syncUp.attendees.append(Attendee(id: uuid()))
            }
        }
    }

    /// A field that can have the focus (a keyboard reaches the duration and theme too).
    enum Field: Hashable {
        case attendee(UUID)
        case title, duration, theme
    }

    /// What the person does: edits a field or moves the focus (a view's binding), adds or
    /// deletes attendees.
    enum Intent: Equatable {
        case binding(StateBinding<State>), addAttendeeTapped, deleteAttendees(atOffsets: IndexSet)
    }

    /// What changes the form: an edit, or the attendees added and removed with the ids they need.
    enum Message: Equatable {
        case binding(StateBinding<State>), attendeeAdded(UUID), attendeesDeleted(atOffsets: IndexSet, blank: UUID?)
    }

    /// Applies one change to the form.
    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .binding(let binding): binding.apply(to: &state)
        case .attendeeAdded(let id):
            state.syncUp.attendees.append(Attendee(id: id))
            state.focus = .attendee(id)
        case .attendeesDeleted(let offsets, let blank):
            state.syncUp.attendees.remove(atOffsets: offsets)
            if let blank, state.syncUp.attendees.isEmpty { state.syncUp.attendees.append(Attendee(id: blank)) }
            guard let first = offsets.first, !state.syncUp.attendees.isEmpty else { return }
            // The focus moves to the attendee now in the deleted one's place, or the last.
            state.focus = .attendee(state.syncUp.attendees[min(first, state.syncUp.attendees.count - 1)].id)
        }
    }

    /// Turns what the person did into changes, making the ids new attendees need.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        @Dependency(\.uuid) var uuid
        switch intent {
        case .binding(let binding): context.dispatch(.binding(binding))
        case .addAttendeeTapped: context.dispatch(.attendeeAdded(uuid()))
        case .deleteAttendees(let offsets):
            let emptied = offsets.count >= context.state.syncUp.attendees.count
            context.dispatch(.attendeesDeleted(atOffsets: offsets, blank: emptied ? uuid() : nil))
        }
    }
}
