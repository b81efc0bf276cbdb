import Dependencies
import Foundation
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SyncUpFormTests {
    @Test func aFormWithoutAttendeesGetsOneAndAnAddedAttendeeHasTheFocus() async {
        let store = TestStore(
            SyncUpForm(), initialState: .init(syncUp: SyncUp(id: UUID(100), title: "Engineering")),
            environment: .dependencies { $0.uuid = .incrementing })
        #expect(store.state.syncUp.attendees == [Attendee(id: UUID(0))])
        await store.send(.addAttendeeTapped) {
            $0.focus = .attendee(UUID(1))
            $0.syncUp.attendees = [Attendee(id: UUID(0)), Attendee(id: UUID(1))]
        }
    }

    @Test func deletingAnAttendeeFocusesTheOneInItsPlaceAndTheLastIsReplacedByABlankOne() async {
        let attendees = (1...4).map { Attendee(id: UUID(10 + $0), name: "\($0)") }
        let store = TestStore(
            SyncUpForm(), initialState: .init(syncUp: SyncUp(id: UUID(100), attendees: attendees)),
            environment: .dependencies { $0.uuid = .incrementing })
        await store.send(.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(attendees[1].id)
            $0.syncUp.attendees = [attendees[1], attendees[2], attendees[3]]
        }
        await store.send(.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee(attendees[3].id)
            $0.syncUp.attendees = [attendees[1], attendees[3]]
        }
        await store.send(.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee(attendees[1].id)
            $0.syncUp.attendees = [attendees[1]]
        }
        await store.send(.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(UUID(0))
            $0.syncUp.attendees = [Attendee(id: UUID(0))]
        }
    }
}
