/// What `explore` found: how many sequences it ran and how fast, what it covered, and the
/// failure it found, shrunk, with a recording and a test that reproduce it.
///
/// Its `description` is the whole report, as `explore` prints it.
public struct ExploreReport: Sendable, Codable, CustomStringConvertible {
    /// How a dependency call was answered.
    public enum Answer: String, Sendable, Codable, Hashable, CaseIterable {
        /// With a generated value.
        case value
        /// With one of the endpoint's errors.
        case error
        /// As a cancelled call ends (`CancellationError`).
        case cancellation
        /// After other steps ran while it waited (counted besides its outcome).
        case delay
    }

    /// A sequence that broke an invariant or crashed, shrunk.
    public struct Failure: Sendable, Codable {
        /// The invariant broken (its name), or the crash (how the process ended).
        public let reason: String
        /// The shrunk sequence's steps, as text: intents sent, the clock advanced, calls
        /// answered, the async work run in between.
        public let steps: [String]
        /// How many of ``steps`` a person takes: intents sent and clock advances.
        public let stepCount: Int
        /// The same count in the sequence as found, before shrinking.
        package let foundStepCount: Int
        /// How many sequences ran until this one failed (this one included).
        public let sequencesToFind: Int
        /// The shrunk sequence's choices: ``explore(_:initialState:environment:clock:intents:endpoints:invariants:sequences:maxIntents:seed:replaying:recordingsDirectory:testStore:fileID:line:column:)``
        /// replays it exactly with `replaying:`.
        public let choices: [UInt64]
        /// The time-travel recording of the shrunk sequence (with its dependency results),
        /// which the DevTools page imports and reruns; `nil` if it could not be written.
        public let recordingPath: String?
        /// A `TestStore` test that takes the same steps, ready to paste.
        public let test: String
    }

    /// The seed the sequences were made from: the same seed makes the same sequences.
    package let seed: UInt64
    /// How many sequences ran (the shrinker's not included).
    package let sequences: Int
    /// How many steps they took.
    package let steps: Int
    /// How long the sequences took, without shrinking and writing the failure.
    package let duration: Duration
    /// How many times each of the feature's intent cases was sent, by case name.
    public let intentsSent: [String: Int]
    /// How each replayable endpoint's calls were answered, by endpoint name.
    public let endpointAnswers: [String: [Answer: Int]]
    /// The failure found, or `nil` if every sequence kept every invariant.
    public let failure: Failure?

    /// Sequences run per second of ``duration``.
    package var sequencesPerSecond: Double {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds > 0 ? Double(sequences) / seconds : 0
    }

    /// The report as text: the figures, the coverage, and the failure with its test.
    public var description: String {
        var lines = [
            "explore: \(sequences) sequences, \(steps) steps in \(duration) "
                + "(\(Int(sequencesPerSecond.rounded())) sequences/s), seed \(seed)",
            "intents sent: "
                + intentsSent.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
        ]
        for (name, answers) in endpointAnswers.sorted(by: { $0.key < $1.key }) {
            let counts = Answer.allCases.map { "\($0.rawValue) \(answers[$0] ?? 0)" }
            lines.append("\(name) answered: " + counts.joined(separator: ", "))
        }
        guard let failure else {
            lines.append("no failure")
            return lines.joined(separator: "\n")
        }
        lines.append(
            "FAILURE: \(failure.reason), found after \(failure.sequencesToFind) sequences; shrunk from "
                + "\(failure.foundStepCount) to \(failure.stepCount) steps:")
        lines += failure.steps.map { "  " + $0 }
        lines.append("choices: \(failure.choices)")
        lines.append("recording: \(failure.recordingPath ?? "not written")")
        lines.append("test:\n\(failure.test)")
        return lines.joined(separator: "\n")
    }
}
