import Dependencies
import MVI
@testable import SyncUps

/// A planted-bug fixture for `explore`: SyncUps' meeting screen, which saves the meeting and
/// then closes from async work (as if after a save animation), instead of at once. While it
/// waits to close, the timer still runs: a tick at the end of the meeting saves it again, so
/// a meeting ended by the timer or by "Save and end" just as time runs out is saved twice.
///
/// Everything else is ``RecordMeeting``'s: its state, intents and reducer.
struct RecordMeetingClosingLate: ReducingFeature {
    typealias State = RecordMeeting.State
    typealias Intent = RecordMeeting.Intent

    static func reduce(_ state: inout State, _ message: Intent) {
        RecordMeeting.reduce(&state, message)
    }

    /// RecordMeeting's timer and ending, without the recognizer (the fixture's tests deny it).
    func work(for intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .alert(.confirmSave?): end(saving: true, context)
        case .alert(.confirmDiscard?): end(saving: false, context)
        case .start:
            context.run(id: "timer") { work in
                @Dependency(\.continuousClock) var clock
                while true {
                    try await clock.sleep(for: .seconds(1))
                    work.send(.timerTicked)
                }
            }
        case .timerTicked where context.state.alert == nil && context.state.durationRemaining <= .zero:
            end(saving: true, context)
        default: break
        }
    }

    /// The planted bug: the save is at once, the closing later, and nothing stops the timer.
    private func end(saving: Bool, _ context: StoreContext<Self>) {
        if saving {
            @Dependency(\.uuid) var uuid
            @Dependency(\.date.now) var now
            context.dispatch(.saved(Meeting(id: uuid(), date: now, transcript: context.state.transcript)))
        }
        context.run(id: "close") { work in await work.dismiss() }
    }
}
