import Clocks
import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct RecordMeetingTests {
    /// A meeting on `clock` and `speech`; one that `saves` also makes the meeting's id and date.
    static func store(
        _ syncUp: SyncUp = .sixSeconds, speech: SpeechClient = .test(.denied), clock: TestClock<Duration>,
        saves: Bool = true
    ) -> TestStore<RecordMeeting> {
        TestStore(
            RecordMeeting(), initialState: .init(syncUp: syncUp),
            environment: .dependencies {
                $0.continuousClock = clock
                $0.speechClient = speech
                if saves {
                    $0.uuid = .incrementing
                    $0.date.now = meetingDate
                }
            })
    }

    /// `syncUp` with the meeting a test ends, the first id the test's generator makes.
    static func saved(_ syncUp: SyncUp, transcript: String = "") -> SyncUp {
        var syncUp = syncUp
        syncUp.meetings.insert(Meeting(id: UUID(0), date: meetingDate, transcript: transcript), at: 0)
        return syncUp
    }

    @Test func theTimerMovesToTheNextSpeakerAndEndsTheMeetingWhenTimeIsUp() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        await store.send(.start)
        for second in 1...5 {
            await clock.advance(by: .seconds(1))
            await store.receive(intent: .timerTicked) {
                $0.secondsElapsed = second
                $0.speakerIndex = second / 2
            }
            #expect(store.state.durationRemaining == .seconds(6 - second))
        }
        await clock.advance(by: .seconds(1))
        await store.receive(intent: .timerTicked) {
            $0.secondsElapsed = 6
            $0.syncUp = Self.saved(.sixSeconds)
        }
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func theTranscriptIsSavedWithTheMeeting() async {
        let clock = TestClock()
        let store = Self.store(speech: .test(.authorized, transcripts: ["I completed the project"]), clock: clock)
        await store.send(.start)
        await store.receive(.heard("I completed the project")) { $0.transcript = "I completed the project" }
        await Self.runOut(store, clock)
        #expect(store.isDismissed)
        await store.finish()
    }

    /// Five ticks, then the sixth that saves: the speakers as the timer test asserts them.
    static func runOut(_ store: TestStore<RecordMeeting>, _ clock: TestClock<Duration>) async {
        let transcript = store.state.transcript
        for second in 1...6 {
            await clock.advance(by: .seconds(1))
            await store.receive(intent: .timerTicked) {
                $0.secondsElapsed = second
                $0.speakerIndex = min(second / 2, 2)
                if second == 6 { $0.syncUp = Self.saved(.sixSeconds, transcript: transcript) }
            }
        }
    }

    @Test func endingEarlyAndSavingSavesTheMeetingWhileTheTimerStandsStill() async {
        let clock = TestClock()
        let store = Self.store(.mock, clock: clock)
        await store.send(.start)
        await store.send(.endMeetingTapped) { $0.alert = .endMeeting(isDiscardable: true) }
        for _ in 1...3 {
            await clock.advance(by: .seconds(1))
            await store.receive(intent: .timerTicked)  // the alert is up: no time passes
        }
        await store.send(.alert(.confirmSave)) {
            $0.alert = nil
            $0.syncUp = Self.saved(.mock)
        }
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func endingEarlyAndDiscardingSavesNothing() async {
        let clock = TestClock()
        let store = Self.store(.mock, clock: clock, saves: false)
        await store.send(.start)
        await store.send(.endMeetingTapped) { $0.alert = .endMeeting(isDiscardable: true) }
        await store.send(.alert(.confirmDiscard)) { $0.alert = nil }
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func nextSpeakerSkipsAheadAndPastTheLastAsksToEnd() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        await store.send(.start)
        await store.send(.nextTapped) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
        }
        await store.send(.nextTapped) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
        }
        await store.send(.nextTapped) { $0.alert = .endMeeting(isDiscardable: false) }
        await store.send(.alert(.confirmSave)) {
            $0.alert = nil
            $0.syncUp = Self.saved(.sixSeconds)
        }
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func afterSpeechRecognitionFailsTheMeetingCanGoOn() async {
        let clock = TestClock()
        let speech = SpeechClient.test(.authorized, transcripts: ["I completed the project"], thenFails: true)
        let store = Self.store(speech: speech, clock: clock)
        await store.send(.start)
        await store.receive(.heard("I completed the project")) { $0.transcript = "I completed the project" }
        await store.receive(.speechFailed) {
            $0.alert = .speechRecognizerFailed
            $0.transcript = "I completed the project ❌"
        }
        await store.send(.alert(nil)) { $0.alert = nil }
        #expect(!store.isDismissed)
        await Self.runOut(store, clock)
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func afterSpeechRecognitionFailsTheMeetingCanBeDiscarded() async {
        let clock = TestClock()
        let store = Self.store(.mock, speech: .test(.authorized, thenFails: true), clock: clock, saves: false)
        await store.send(.start)
        await store.receive(.speechFailed) { $0.alert = .speechRecognizerFailed }
        await store.send(.alert(.confirmDiscard)) { $0.alert = nil }
        #expect(store.isDismissed)
        await store.finish()
    }

    @Test func undeterminedSpeechRecognitionIsAskedForOnce() async {
        let asked = Calls()
        let speech = SpeechClient(
            authorizationStatus: { .notDetermined },
            requestAuthorization: {
                asked.record()
                return .authorized
            },
            startTask: { AsyncThrowingStream { $0.finish() } })
        let store = Self.store(.mock, speech: speech, clock: TestClock(), saves: false)
        await store.send(.start)
        await store.send(.endMeetingTapped) { $0.alert = .endMeeting(isDiscardable: true) }
        await store.send(.alert(.confirmDiscard)) { $0.alert = nil }
        #expect(store.isDismissed)
        await store.finish()
        #expect(asked.value == 1)
    }
}
