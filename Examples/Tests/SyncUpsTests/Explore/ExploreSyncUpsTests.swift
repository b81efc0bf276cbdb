import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

/// `explore` on SyncUps' meeting screen: the timer, the buttons and the alerts in every order
/// keep a meeting saved at most once and the speaker among the attendees; a screen that
/// closes after its save is caught saving a meeting twice, in a few steps.
@Suite(.timeLimit(.minutes(5)))
struct ExploreSyncUpsTests {
    /// Three attendees, three seconds: a speaker each second.
    static let short = SyncUp(
        id: UUID(100), attendees: (0..<3).map { Attendee(id: UUID(200 + $0)) }, duration: .seconds(3))

    /// What a person does on the screen (the alert's buttons while it shows), and the
    /// recognizer's news.
    static let intents: Generator<RecordMeeting.Intent, RecordMeeting.State> = .oneOf(
        .element(of: [.start, .nextTapped, .endMeetingTapped]),
        Generator.element(of: [.alert(.confirmSave), .alert(.confirmDiscard), .alert(nil)]).when { $0.alert != nil },
        Generator.string(from: "ab", maxLength: 2).map(RecordMeeting.Intent.heard),
        .constant(.speechFailed))

    static let invariants = [
        Invariant<RecordMeeting>.state("a meeting is saved at most once") { $0.syncUp.meetings.count <= 1 },
        .state("the speaker is an attendee") { $0.speakerIndex < $0.syncUp.attendees.count },
    ]

    static func environment(_ clock: ExploreClock) -> @Sendable () -> (any ExecutionEnvironment)? {
        {
            .dependencies {
                $0.continuousClock = clock
                $0.speechClient = .test(.denied)
                $0.uuid = .incrementing
                $0.date.now = meetingDate
            }
        }
    }

    /// The same exploration as the planted bug's (seed, budget), on the real screen.
    @Test func theMeetingScreenKeepsItsInvariants() async {
        let clock = ExploreClock()
        let start = ContinuousClock.now
        let report = await explore(
            RecordMeeting(), initialState: .init(syncUp: Self.short), environment: Self.environment(clock),
            clock: clock, intents: Self.intents, invariants: Self.invariants, sequences: 2_000, maxIntents: 8,
            seed: 49)
        print(report, "\nin \(ContinuousClock.now - start)")
        #expect(report.failure == nil, "\(report)")
        #expect(report.intentsSent["alert", default: 0] > 0)
    }

    @Test func aMeetingSavedTwiceAsTheTimerEndsIsFoundAndShrunk() async throws {
        let clock = ExploreClock()
        let start = ContinuousClock.now
        let report = await explore(
            RecordMeetingClosingLate(), initialState: .init(syncUp: Self.short),
            environment: Self.environment(clock), clock: clock, intents: Self.intents,
            invariants: [
                Invariant<RecordMeetingClosingLate>.state("a meeting is saved at most once") {
                    $0.syncUp.meetings.count <= 1
                }
            ], sequences: 2_000, maxIntents: 8, seed: 49)
        print(report, "\nfound and shrunk in \(ContinuousClock.now - start)")
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.reason == "a meeting is saved at most once")
        #expect(failure.sequencesToFind <= 2_000)
        #expect(failure.stepCount <= 6, "\(report)")
        #expect(failure.steps.contains { $0.hasPrefix("advance the clock") })
    }
}
