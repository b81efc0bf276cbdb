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
        let speech = SpeechClient.test(.authorized, transcripts: ["I completed the project"])
        let store = TestStore(
            SyncUpsApp(),
            initialState: .init(
                list: .init(syncUps: [.sixSeconds]),
                path: DestinationStack([.detail(.init(syncUp: .sixSeconds)), .record(.init(syncUp: .sixSeconds))])),
            environment: .dependencies {
                $0.continuousClock = clock
                $0.speechClient = speech
                $0.uuid = .incrementing
                $0.date.now = meetingDate
            })
        let detail = SyncUpsApp.Path.detail(.init(syncUp: .sixSeconds))
        var record = RecordMeeting.State(syncUp: .sixSeconds)
        await store.send(\.record[1], .start)
        record.transcript = "I completed the project"
        await store.receive(.record(1, .message(.heard("I completed the project")))) {
            $0.path = DestinationStack([detail, .record(record)])
        }
        for second in 1...5 {
            await clock.advance(by: .seconds(1))
            record.secondsElapsed = second
            record.speakerIndex = second / 2
            await store.receive(intent: .record(1, .intent(.timerTicked))) {
                $0.path = DestinationStack([detail, .record(record)])
            }
        }
        await clock.advance(by: .seconds(1))
        let saved = RecordMeetingTests.saved(.sixSeconds, transcript: "I completed the project")
        await store.receive(intent: .record(1, .intent(.timerTicked))) {
            $0.path = DestinationStack([.detail(.init(syncUp: saved))])
        }
        #expect(store.state.list.syncUps == [saved])
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
