import Dependencies
import Foundation
import MVI

/// A meeting in progress: the timer, the current speaker, and the transcript, saved into the
/// sync-up when the meeting ends.
struct RecordMeeting: ReducingFeature {
    /// What the alerts lead to.
    enum Alert: Equatable { case confirmDiscard, confirmSave }

    /// The meeting so far.
    struct State: Equatable {
        /// The alert shown; the timer stands still while it is.
        var alert: AlertState<Alert>?
        /// Seconds of the meeting gone.
        var secondsElapsed = 0
        /// Who speaks, as an index into the attendees.
        var speakerIndex = 0
        /// The sync-up meeting.
        var syncUp: SyncUp
        /// What was heard so far.
        var transcript = ""

        /// What is left of the meeting.
        var durationRemaining: Duration { syncUp.duration - .seconds(secondsElapsed) }
        var secondsPerAttendee: Int { Int(syncUp.durationPerAttendee.components.seconds) }
    }

    /// What the person does, what the timer and the recognizer say, and the meeting saved;
    /// `dismiss` pops the screen. Each is reduced as it comes (a ``ReducingFeature``).
    enum Intent: DismissibleMessage, Equatable {
        case alert(Alert?), endMeetingTapped, nextTapped, start, timerTicked
        case dismiss, heard(String), speechFailed, saved(Meeting)
    }

    /// Applies one change to the meeting.
    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .start, .dismiss: break  // the work starts; its parent pops it
        case .alert: state.alert = nil
        case .endMeetingTapped: state.alert = .endMeeting(isDiscardable: true)
        case .nextTapped:
            // Past the last speaker there is nobody left: ask to end instead.
            guard state.speakerIndex < state.syncUp.attendees.count - 1 else {
                state.alert = .endMeeting(isDiscardable: false)
                return
            }
            state.speakerIndex += 1
            state.secondsElapsed = state.speakerIndex * state.secondsPerAttendee
        case .timerTicked:
            guard state.alert == nil else { return }  // the timer stands still behind an alert
            state.secondsElapsed += 1
            let isTurnOver =
                state.secondsPerAttendee > 0 && state.secondsElapsed.isMultiple(of: state.secondsPerAttendee)
            if isTurnOver && state.durationRemaining > .zero { state.speakerIndex += 1 }
        case .heard(let transcript): state.transcript = transcript
        case .speechFailed:
            if !state.transcript.isEmpty { state.transcript += " ❌" }
            state.alert = .speechRecognizerFailed
        case .saved(let meeting): state.syncUp.meetings.insert(meeting, at: 0)
        }
    }

    /// Starts the timer and the recognizer; ends the meeting when time is up or the person says so.
    func work(for intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .alert(.confirmSave?): end(saving: true, context)
        case .alert(.confirmDiscard?): end(saving: false, context)
        case .start:
            context.run(id: "speech") { work in
                @Dependency(\.speechClient) var speech
                var status = speech.authorizationStatus()
                if status == .notDetermined { status = await speech.requestAuthorization() }
                guard status == .authorized else { return }
                do {
                    for try await transcript in speech.startTask() { await work.dispatch(.heard(transcript)) }
                } catch {
                    await work.dispatch(.speechFailed)
                }
            }
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

    /// Saves the meeting into the sync-up if asked, and pops: listening and timing end with
    /// the screen.
    private func end(saving: Bool, _ context: StoreContext<Self>) {
        if saving {
            @Dependency(\.uuid) var uuid
            @Dependency(\.date.now) var now
            context.dispatch(.saved(Meeting(id: uuid(), date: now, transcript: context.state.transcript)))
        }
        context.dismiss()
    }
}

extension AlertState<RecordMeeting.Alert> {
    /// Asks how to end a meeting ended early; one that ran past its last speaker cannot be discarded.
    static func endMeeting(isDiscardable: Bool) -> Self {
        var buttons: [ButtonState<RecordMeeting.Alert>] = [ButtonState("Save and end", action: .confirmSave)]
        if isDiscardable { buttons.append(.destructive("Discard", action: .confirmDiscard)) }
        buttons.append(.cancel("Resume"))
        return AlertState(
            title: "End meeting?", message: "The meeting is not over yet. Save it, discard it, or go on?",
            buttons: buttons)
    }

    /// The recognizer failed: the meeting can go on unrecorded, or be thrown away.
    static let speechRecognizerFailed = AlertState(
        title: "Speech recognition failure",
        message: "Speech recognition stopped working, so the rest of this meeting will not be transcribed.",
        buttons: [.cancel("Continue meeting"), .destructive("Discard meeting", action: .confirmDiscard)])
}
