import Foundation
import MVI
import MVITimeTravel

/// One sequence of `explore`, as it ran: its steps, with what the store did in each, and
/// the invariant it broke, if any.
struct ExploreSequence<F: Feature> {
    /// What the driver did in a step.
    enum Action {
        /// Started the store (its bootstrap).
        case start
        /// Chose to send an intent, but the generator had none for the state: nothing happened.
        case idle
        /// Sent an intent, as a view would.
        case send(F.Intent)
        /// Ran the ready job at this place among the ready ones (0 the oldest).
        case runJob(Int)
        /// Answered the waiting call at this place (0 the oldest), of this endpoint.
        case answer(Int, String, RecordedCalls.Outcome, ExploreReport.Answer, _ delayed: Bool)
        /// Advanced the clock to the next deadline, by this much.
        case advance(Duration)
    }

    /// A step and what the store did in it.
    struct Step {
        let action: Action
        let events: [ExploreObserver<F>.Event]
    }

    /// The steps, in order.
    var steps: [Step] = []
    /// The invariant broken, or the crash, that ended the sequence; `nil` if none.
    var failure: String?
    /// The choices the sequence was made of: the same list replays it.
    var choices: [UInt64] = []

    /// How many steps a person (or a test) takes: intents sent and clock advances.
    var visibleStepCount: Int {
        steps.count { step in
            switch step.action {
            case .send, .advance: true
            case .start, .idle, .runJob, .answer: false
            }
        }
    }

}

extension ExploreSequence.Step {
    /// The step as a line of the report: what was done, and the messages it made.
    var text: String {
        let done: String
        switch action {
        case .start: done = "start"
        case .idle: done = "nothing to send"
        case .send(let intent): done = "send \(TestText.literal(intent))"
        case .runJob(let index): done = "run work (job \(index))"
        case .answer(_, let name, let outcome, let kind, let delayed):
            done = "answer \(name): \(kind.rawValue)\(delayed ? " after a delay" : "") (\(outcome))"
        case .advance(let duration): done = "advance the clock by \(TestText.literal(duration))"
        }
        let messages = events.compactMap { event -> String? in
            guard case .message(let message, _, _) = event else { return nil }
            return TestText.literal(message)
        }
        return messages.isEmpty ? done : done + " → " + messages.joined(separator: ", ")
    }
}
