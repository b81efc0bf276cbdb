import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SyncUpDetailTests {
    /// The detail of the mock sync-up under `destination`, with the dependencies `update` gives.
    static func store(
        destination: SyncUpDetail.Destination? = nil, _ update: (inout DependencyValues) -> Void = { _ in }
    ) -> TestStore<SyncUpDetail> {
        TestStore(
            SyncUpDetail(), initialState: .init(destination: destination, syncUp: .mock),
            environment: .dependencies(update))
    }

    @Test func restrictedSpeechRecognitionAsksToContinueWithoutRecording() async {
        let store = Self.store { $0.speechClient = .test(.restricted) }
        await store.send(.startMeetingTapped) { $0.destination = .alert(.speechRecognitionRestricted) }
        await store.finish()
    }

    @Test func deniedSpeechRecognitionOffersSettings() async {
        let store = Self.store { $0.speechClient = .test(.denied) }
        await store.send(.startMeetingTapped) { $0.destination = .alert(.speechRecognitionDenied) }
        await store.finish()
    }

    @Test func openSettingsFromTheDeniedAlertOpensThem() async {
        let opened = Calls()
        let store = Self.store(destination: .alert(.speechRecognitionDenied)) {
            $0.openSettings = { opened.record() }
        }
        await store.send(.alert(.openSettings)) { $0.destination = nil }
        await store.finish()
        #expect(opened.value == 1)
    }

    @Test func continuingWithoutRecordingStartsTheMeeting() async {
        let store = Self.store(destination: .alert(.speechRecognitionDenied))
        await store.send(.alert(.continueWithoutRecording)) { $0.destination = nil }
        await store.receive(sideEffect: .startMeeting(.mock))
        await store.finish()
    }

    @Test func authorizedSpeechRecognitionStartsTheMeeting() async {
        let store = Self.store { $0.speechClient = .test(.authorized) }
        await store.send(.startMeetingTapped)
        await store.receive(sideEffect: .startMeeting(.mock))
        await store.finish()
    }

    @Test func editingAndDoneSavesTheSyncUp() async {
        let store = Self.store()
        await store.send(.editTapped) { $0.destination = .edit(.init(syncUp: .mock)) }
        var syncUp = SyncUp.mock
        syncUp.title = "Blob's Meeting"
        await store.send(\.edit, .binding(.set(\.syncUp, syncUp))) { $0.syncUp.title = "Blob's Meeting" }
        await store.send(.doneEditingTapped) {
            $0.destination = nil
            $0.syncUp.title = "Blob's Meeting"
        }
        await store.finish()
    }

    @Test func confirmingDeletionAsksTheAppToDeleteTheSyncUp() async {
        let store = Self.store()
        await store.send(.deleteTapped) { $0.destination = .alert(.deleteSyncUp) }
        await store.send(.alert(.confirmDeletion)) { $0.destination = nil }
        await store.receive(sideEffect: .deleted(SyncUp.mock.id))  // which closes this screen
        await store.finish()
    }

}
