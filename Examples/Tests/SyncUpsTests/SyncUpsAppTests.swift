import Clocks
import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SyncUpsAppTests {
    @Test func anEditInTheDetailReachesTheList() async {
        let store = TestStore(
            SyncUpsApp(), initialState: .init(list: .init(syncUps: [.mock])), environment: .dependencies())
        await store.send(.path(.push(.detail(.init(syncUp: .mock))))) {
            $0.path = DestinationStack([.detail(.init(syncUp: .mock))])
        }
        await store.send(\.detail[0], .editTapped) { $0.destination = .edit(.init(syncUp: .mock)) }
        var blob = SyncUp.mock
        blob.title = "Blob"
        await store.send(\.detail[0].edit, .binding(.set(\.syncUp, blob))) { $0.syncUp.title = "Blob" }
        await store.send(\.detail[0], .doneEditingTapped) {
            $0.destination = nil
            $0.syncUp.title = "Blob"  // the detail's sync-up is the list's: asserting one asserts both
        }
        #expect(store.state.list.syncUps == [blob])
        await store.finish()
    }

    @Test func deletingFromTheDetailPopsItAndRemovesTheSyncUp() async {
        let store = TestStore(
            SyncUpsApp(), initialState: .init(list: .init(syncUps: [.mock])), environment: .dependencies())
        await store.send(.path(.push(.detail(.init(syncUp: .mock))))) {
            $0.path = DestinationStack([.detail(.init(syncUp: .mock))])
        }
        await store.send(\.detail[0], .deleteTapped) { $0.destination = .alert(.deleteSyncUp) }
        await store.send(.detail(0, .intent(.alert(.confirmDeletion)))) {
            $0.path = DestinationStack()
            $0.list.syncUps = []
        }
        await store.finish()
    }

    @Test func aRecordedMeetingIsSavedIntoTheDetailAndTheList() async {
        let clock = TestClock()
        let store = TestStore(
            SyncUpsApp(),
            initialState: .init(
                list: .init(syncUps: [.sixSeconds]),
                path: DestinationStack([.detail(.init(syncUp: .sixSeconds)), .record(.init(syncUp: .sixSeconds))])),
            environment: .dependencies {
                $0.continuousClock = clock
                $0.speechClient = .test(.authorized, transcripts: ["I completed the project"])
                $0.uuid = .incrementing
                $0.date.now = meetingDate
            })
        store.exhaustivity = .off
        await store.send(\.record[1], .start)
        await store.receive(.record(1, .message(.heard("I completed the project"))))
        await clock.advance(by: .seconds(6))
        await store.finish()
        let saved = RecordMeetingTests.saved(.sixSeconds, transcript: "I completed the project")
        #expect(store.state.path == DestinationStack([.detail(.init(syncUp: saved))]))
        #expect(store.state.list.syncUps == [saved])
    }
}
