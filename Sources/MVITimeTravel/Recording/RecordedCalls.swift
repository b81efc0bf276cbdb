import MVI
import Synchronization

/// A store's dependency calls and what they returned: kept while time travel records the
/// store, and, in a replay, the recorded results that answer the same calls again.
///
/// Time travel makes one for a store it records whose environment can record its
/// dependencies' results (a ``CallRecordingEnvironment``: `MVIDependencies`' `replayable`
/// endpoints), when the store is made, and binds it into the environment, so that a call made
/// by the store's features, or by the async work they start, finds the store it was made for.
/// A store without time travel has none. Time travel exports what it holds, and
/// `TimeTravelReplay` fills one for a replay.
package final class RecordedCalls: Sendable {
    /// How a recorded call ended.
    package enum Outcome: Sendable {
        /// It returned this value, of a `Codable` type (encoded when the recording is
        /// exported, like every recorded value).
        case returned(any Sendable)
        /// It returned nothing (`Void`).
        case returnedVoid
        /// It threw this error.
        case threw(any Error)
        /// It was cancelled (it threw `CancellationError`).
        case cancelled
        /// It ended, but its result's type is not `Codable`: only its name is kept.
        case notRecordable
    }

    /// One recorded call.
    package struct Call: Sendable {
        /// The sequence number the next event had when the call ended: it ended after every
        /// recorded event before that one.
        package let before: UInt64
        /// The endpoint's name, as given to `replayable`.
        package let name: String
        /// How it ended.
        package let outcome: Outcome
    }

    /// A recorded result a replay answers one call with.
    package enum Answer: Sendable {
        /// Return the value this JSON (a `JSONValue`, from `MVIJSON`) decodes to, or nothing
        /// for an endpoint that returns `Void`.
        case returned(any Sendable)
        /// Throw: the error's type name, its encoding (a `JSONValue`) if it was `Encodable`,
        /// and its description.
        case threw(type: String, value: (any Sendable)?, description: String)
        /// Throw `CancellationError`.
        case cancelled
        /// The endpoint's results could not be recorded (they are not `Codable`): run the
        /// endpoint itself.
        case notRecorded
        /// A replay has no recorded result left for this call (the feature makes a call the
        /// recording did not): refuse it where the endpoint can throw, so that nothing reaches
        /// the outside world in a replay; run it where it cannot.
        case unanswered
    }

    private struct State: Sendable {
        /// Recorded calls, oldest first, at most the session's window of them.
        var calls: [Call] = []
        /// In a replay: the answers left for each endpoint, in the order they were recorded
        /// (slices: taking the next one is constant time).
        var answers: [String: ArraySlice<Answer>]?
        /// In a replay: the names of calls that found no recorded answer, in order.
        var unanswered: [String] = []
        /// In a replay: the endpoints the recording could not keep results of.
        var notRecorded: Set<String> = []
        /// In a replay: how many recorded answers each endpoint's calls took so far.
        var taken: [String: Int] = [:]
        /// In a replay: the answers taken that could not be given back, in order.
        var undecodable: [(name: String, call: Int, recorded: (any Sendable)?, reason: String)] = []
    }

    private let state: Locked<State>
    /// The session of the time travel that records the store, once it is registered: set
    /// once, when the store is made, and read without a lock by every `execute` (not an
    /// `AtomicLazyReference`: its generic `load` is not inlined; budgets.tsv: send-1replayable).
    // Written once, by the one `attach` that claims it, before `isAttached` is set (release);
    // read only after `isAttached` was seen set (acquire).
    nonisolated(unsafe) private var attachedSession: RecordingSession?  // never written while read: see above
    private let isClaimed = Atomic<Bool>(false)
    private let isAttached = Atomic<Bool>(false)
    /// Whether this is a replay's record, answering calls (or explore's, see ``answerer``).
    private let replays: Bool
    /// What answers the store's asynchronous recordable calls, for `explore`; `nil` otherwise.
    package let answerer: (any CallAnswerer)?

    /// An empty record, for a store that is made now.
    package init() {
        state = Locked(State())
        replays = false
        answerer = nil
    }

    /// A record that answers calls with `answers` (for each endpoint name, in call order):
    /// what a replay's store is made with.
    package init(replaying answers: [String: [Answer]], notRecorded: Set<String> = []) {
        state = Locked(State(answers: answers.mapValues { $0[...] }, notRecorded: notRecorded))
        replays = true
        answerer = nil
    }

    /// A record whose asynchronous calls `answerer` answers, each when it decides: what
    /// `explore`'s stores are made with. The outcomes are kept while the store records.
    package init(answeringWith answerer: any CallAnswerer) {
        state = Locked(State())
        replays = true
        self.answerer = answerer
    }

    /// The store began recording into `session` (time travel registered it).
    package func attach(to session: RecordingSession) {
        guard isClaimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        attachedSession = session
        isAttached.store(true, ordering: .releasing)
    }

    /// The recording session, once attached.
    private var session: RecordingSession? {
        isAttached.load(ordering: .acquiring) ? attachedSession : nil
    }

    /// Whether calls matter now: the store records, or this is a replay. An environment
    /// binds the record for its features' code only then, so that a store no recording
    /// watches pays one atomic load per `execute` for it.
    package var isActive: Bool {
        replays || (session?.isRecording ?? false)
    }

    /// The next recorded answer for a call of `name`, in a replay; `nil` outside one. A call
    /// that finds no answer left gets ``Answer/notRecorded`` and is noted in
    /// ``unansweredCalls``.
    package func nextAnswer(for name: String) -> Answer? {
        state.withLock { state in
            guard state.answers != nil else { return nil }
            guard let answer = state.answers?[name]?.popFirst() else {
                // An endpoint the recording could not keep runs, as expected; any other call
                // without an answer left is news, and is refused.
                if state.notRecorded.contains(name) { return .notRecorded }
                state.unanswered.append(name)
                return .unanswered
            }
            state.taken[name, default: 0] += 1
            return answer
        }
    }

    /// Notes that the answer a call of `name` just took cannot be given back (a value that no
    /// longer decodes, an error its endpoint cannot throw): `recorded` is what the recording
    /// holds (a `JSONValue`, or `nil`), `reason` why. A replay reports it as a divergence.
    package func noteUndecodable(_ name: String, recorded: (any Sendable)?, reason: String) {
        state.withLock { state in
            state.undecodable.append((name, state.taken[name] ?? 0, recorded, reason))
        }
    }

    /// The answers a replay took and could not give back, in the order their calls were made:
    /// each call's endpoint name, its number among that endpoint's calls (from 1), the recorded
    /// result and why it was unusable.
    package var undecodableAnswers: [(name: String, call: Int, recorded: (any Sendable)?, reason: String)] {
        state.withLock { $0.undecodable }
    }

    /// How many calls a replay answered with their recorded result.
    package var answeredCount: Int {
        state.withLock { $0.taken.values.reduce(0, +) - $0.undecodable.count }
    }

    /// The names of the calls a replay had no recorded answer for, in the order they were made.
    package var unansweredCalls: [String] {
        state.withLock { $0.unanswered }
    }

    /// The answers a replay did not use, by endpoint name.
    package var unusedAnswers: [String: Int] {
        state.withLock { state in
            (state.answers ?? [:]).filter { !$0.value.isEmpty }.mapValues(\.count)
        }
    }

    /// Keeps a call that just ended, if the store records.
    package func record(_ name: String, _ outcome: Outcome) {
        guard let session, session.isRecording else { return }
        state.withLock { state in
            state.calls.append(Call(before: session.nextSequence, name: name, outcome: outcome))
            // Keep at most a window's worth: drop the older half at once, so that each call
            // costs a constant on average.
            if state.calls.count > 2 * session.window {
                let excess = state.calls.count - session.window
                state.calls.removeFirst(excess)
            }
        }
    }

    /// The recorded calls that ended at or after event `sequence`, oldest first.
    package func calls(from sequence: UInt64) -> [Call] {
        state.withLock { state in
            Array(state.calls.drop { $0.before < sequence })
        }
    }
}
