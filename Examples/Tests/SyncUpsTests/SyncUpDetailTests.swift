import Foundation
import MVI
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SyncUpDetailTests {
    static func store(
        _ speech: SpeechAuthorization, destination: SyncUpDetail.Destination? = nil, settingsOpened: Calls = Calls()
    ) -> TestStore<SyncUpDetail> {
        TestStore(
            SyncUpDetail(dependencies: .test(speech: .test(speech), settingsOpened: settingsOpened)),
            initialState: .init(destination: destination, syncUp: .mock))
    }

    @Test func restrictedSpeechRecognitionAsksToContinueWithoutRecording() async {
        let store = Self.store(.restricted)
        await store.send(.startMeetingTapped) { $0.destination = .alert(.speechRecognitionRestricted) }
        await store.finish()
    }

    @Test func deniedSpeechRecognitionOffersSettings() async {
        let store = Self.store(.denied)
        await store.send(.startMeetingTapped) { $0.destination = .alert(.speechRecognitionDenied) }
        await store.finish()
    }

    @Test func openSettingsFromTheDeniedAlertOpensThem() async {
        let opened = Calls()
        let store = Self.store(.denied, destination: .alert(.speechRecognitionDenied), settingsOpened: opened)
        await store.send(.alert(.openSettings)) { $0.destination = nil }
        await store.finish()
        #expect(opened.value == 1)
    }

    @Test func continuingWithoutRecordingStartsTheMeeting() async {
        let store = Self.store(.denied, destination: .alert(.speechRecognitionDenied))
        await store.send(.alert(.continueWithoutRecording)) { $0.destination = nil }
        await store.receive(sideEffect: .startMeeting(.mock))
        await store.finish()
    }

    @Test func authorizedSpeechRecognitionStartsTheMeeting() async {
        let store = Self.store(.authorized)
        await store.send(.startMeetingTapped)
        await store.receive(sideEffect: .startMeeting(.mock))
        await store.finish()
    }

    @Test func editingAndDoneSavesTheSyncUp() async {
        let store = Self.store(.authorized)
        var form = SyncUpForm.State(syncUp: .mock, newID: { UUID(0) })
        await store.send(.editTapped) { $0.destination = .edit(form) }
        form.syncUp.title = "Blob's Meeting"
        await store.send(.edit(.set(form.syncUp))) { $0.destination = .edit(form) }
        await store.send(.doneEditingTapped) {
            $0.destination = nil
            $0.syncUp.title = "Blob's Meeting"
        }
        await store.receive(sideEffect: .changed(form.syncUp))
        await store.finish()
    }

    @Test func cancellingAnEditKeepsTheSyncUp() async {
        let store = Self.store(.authorized)
        var form = SyncUpForm.State(syncUp: .mock, newID: { UUID(0) })
        await store.send(.editTapped) { $0.destination = .edit(form) }
        form.syncUp.title = "Gone"
        await store.send(.edit(.set(form.syncUp))) { $0.destination = .edit(form) }
        await store.send(.cancelEditTapped) { $0.destination = nil }
        await store.finish()
    }

    @Test func confirmingDeletionDeletesTheSyncUpAndDismisses() async {
        let store = Self.store(.authorized)
        await store.send(.deleteTapped) { $0.destination = .alert(.deleteSyncUp) }
        await store.send(.alert(.confirmDeletion)) { $0.destination = nil }
        await store.receive(sideEffect: .deleted(SyncUp.mock.id))
        await store.finish()
    }

    @Test func deletingAPastMeetingReachesTheApp() async {
        let store = Self.store(.authorized)
        await store.send(.deleteMeetings(atOffsets: [0])) { $0.syncUp.meetings = [] }
        var withoutMeetings = SyncUp.mock
        withoutMeetings.meetings = []
        await store.receive(sideEffect: .changed(withoutMeetings))
        await store.finish()
    }
}
