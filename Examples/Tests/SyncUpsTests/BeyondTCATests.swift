import Clocks
import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

// Tests of what TCA's SyncUps tests do not test. `count-feature-size` leaves them out of the
// comparison with TCA's tests, and prints their size apart.

/// The app: the names logs give a child's input, a view's handle through two parents, the
/// sync-ups shared between the list and the screens (SharedElements), and a meeting started
/// from the detail.
@Suite(.timeLimit(.minutes(1)))
struct SyncUpsAppBeyondTCATests {
    @Test func logsNameTheScreenAnIntentIsFor() {
        let name = { (intent: SyncUpsApp.Intent) in ChildPath.name(of: intent, in: SyncUpsApp.self, inStore: "SyncUps")
        }
        #expect(name(.detail(3, .intent(.editTapped))) == "SyncUps/path[3]")
        #expect(name(.record(4, .intent(.nextTapped))) == "SyncUps/path[4]")
        #expect(name(.list(.intent(.addSyncUpTapped))) == "SyncUps/list")
        #expect(name(.path(.back)) == "SyncUps")
        #expect(name(.list(.intent(.add(.intent(.addAttendeeTapped))))) == "SyncUps/list/add")
        #expect(name(.detail(3, .intent(.edit(.intent(.addAttendeeTapped))))) == "SyncUps/path[3]/destination")
    }

    @Test func aHandleReachesTheFormOfAScreenThroughTwoParentsOfOneCasePerChild() {
        let detail = SyncUpDetail.State(destination: .edit(.init(syncUp: .mock)), syncUp: .mock)
        let store = Store(
            SyncUpsApp(), initialState: .init(list: .init(syncUps: [.mock]), path: DestinationStack([.detail(detail)])),
            environment: .dependencies())
        let form = store.scope(SyncUpsApp.detail, id: 0).scope(SyncUpDetail.edit)
        var renamed = SyncUp.mock
        renamed.title = "Renamed"
        form.send(.binding(.set(\.syncUp, renamed)))
        #expect(form.state?.syncUp == renamed)
        // The form is a copy being edited: the list's sync-up changes only when it is saved.
        #expect(store.state.list.syncUps == [.mock])
    }

    @Test func deletingAPastMeetingInTheDetailReachesTheListAndTheRecordingScreen() async {
        let store = TestStore(
            SyncUpsApp(),
            initialState: .init(
                list: .init(syncUps: [.mock]),
                path: DestinationStack([.detail(.init(syncUp: .mock)), .record(.init(syncUp: .mock))])),
            environment: .dependencies())
        var withoutMeetings = SyncUp.mock
        withoutMeetings.meetings = []
        await store.send(\.detail[0], .deleteMeetings(atOffsets: [0])) { $0.syncUp.meetings = [] }
        #expect(
            store.state.path
                == DestinationStack([.detail(.init(syncUp: withoutMeetings)), .record(.init(syncUp: withoutMeetings))]))
        await store.finish()
    }

    @Test func deletingASyncUpFromTheListClosesItsScreens() async {
        let store = TestStore(
            SyncUpsApp(),
            initialState: .init(list: .init(syncUps: [.mock]), path: DestinationStack([.detail(.init(syncUp: .mock))])),
            environment: .dependencies())
        await store.send(.list(.intent(.delete(atOffsets: [0])))) { $0.list.syncUps = [] }
        #expect(store.state.path == DestinationStack())
        await store.finish()
    }

    @Test func startingAMeetingPushesTheRecordingScreenAndStartsItsTimer() async {
        let clock = TestClock()
        let store = TestStore(
            SyncUpsApp(),
            initialState: .init(list: .init(syncUps: [.mock]), path: DestinationStack([.detail(.init(syncUp: .mock))])),
            environment: .dependencies {
                $0.continuousClock = clock
                $0.speechClient = .test(.authorized)
            })
        await store.send(.detail(0, .intent(.startMeetingTapped))) {
            $0.path = DestinationStack([.detail(.init(syncUp: .mock)), .record(.init(syncUp: .mock))])
        }
        // What the recording screen's view sends when it appears.
        await store.send(\.record[1], .start)
        await clock.advance(by: .seconds(1))
        await store.receive(intent: .record(1, .intent(.timerTicked))) {
            $0.path = DestinationStack([
                .detail(.init(syncUp: .mock)), .record(.init(secondsElapsed: 1, syncUp: .mock)),
            ])
        }
        await store.send(\.record[1], .endMeetingTapped) { $0.alert = .endMeeting(isDiscardable: true) }
        await store.send(.record(1, .intent(.alert(.confirmDiscard)))) {
            $0.path = DestinationStack([.detail(.init(syncUp: .mock))])
        }
        await store.finish()
    }
}

/// The list: discarding the form, and deleting.
extension SyncUpsListTests {
    @Test func discardingTheFormAddsNothingAndDeleteRemoves() async {
        let store = TestStore(
            SyncUpsList(), initialState: .init(syncUps: [.mock]),
            environment: .dependencies { $0.uuid = .incrementing })
        await store.send(.addSyncUpTapped) {
            $0.add = .init(syncUp: SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1))]))
        }
        await store.send(.dismissAddTapped) { $0.add = nil }
        await store.send(.delete(atOffsets: [0])) { $0.syncUps = [] }
        await store.finish()
    }
}

/// The detail: cancelling an edit, and deleting a past meeting.
extension SyncUpDetailTests {
    @Test func cancellingAnEditKeepsTheSyncUp() async {
        let store = Self.store()
        await store.send(.editTapped) { $0.destination = .edit(.init(syncUp: .mock)) }
        var syncUp = SyncUp.mock
        syncUp.title = "Gone"
        await store.send(\.edit, .binding(.set(\.syncUp, syncUp))) { $0.syncUp.title = "Gone" }
        await store.send(.cancelEditTapped) { $0.destination = nil }
        #expect(!store.isDismissed)  // the sheet closed, not the screen
        await store.finish()
    }

    @Test func deletingAPastMeetingChangesTheSyncUp() async {
        let store = Self.store()
        await store.send(.deleteMeetings(atOffsets: [0])) { $0.syncUp.meetings = [] }
        await store.finish()
    }
}
