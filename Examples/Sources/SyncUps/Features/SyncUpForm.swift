import Dependencies
import Foundation
import MVI

/// The form that edits a sync-up, in the add sheet and the edit sheet: it knows nothing of
/// either; its parent reads the sync-up when the person confirms.
struct SyncUpForm: ReducingFeature {
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

    /// What the person does (edits a field or moves the focus, a view's binding; adds or deletes
    /// attendees), and an attendee added with the id its work made.
    enum Intent: Equatable {
        case binding(StateBinding<State>), addAttendeeTapped, attendeeAdded(UUID), deleteAttendees(atOffsets: IndexSet)
    }

    /// Applies one change to the form.
    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .binding(let binding): binding.apply(to: &state)
        case .addAttendeeTapped: break  // its work makes the attendee's id
        case .attendeeAdded(let id):
            state.syncUp.attendees.append(Attendee(id: id))
            state.focus = .attendee(id)
        case .deleteAttendees(let offsets):
            state.syncUp.attendees.remove(atOffsets: offsets)
            guard let first = offsets.first, !state.syncUp.attendees.isEmpty else { return }
            // The focus moves to the attendee now in the deleted one's place, or the last.
            state.focus = .attendee(state.syncUp.attendees[min(first, state.syncUp.attendees.count - 1)].id)
        }
    }

    /// Makes the id of an attendee added, or of the blank one a form left without any gets.
    func work(for intent: Intent, _ context: StoreContext<Self>) {
        guard intent == .addAttendeeTapped || context.state.syncUp.attendees.isEmpty else { return }
        @Dependency(\.uuid) var uuid
        context.dispatch(.attendeeAdded(uuid()))
    }
}
