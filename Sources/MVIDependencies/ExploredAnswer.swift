#if Dependencies
import MVI
import MVITimeTravel

/// What a wrapped endpoint does with an outcome `explore` (`MVITesting`) chose for its call:
/// return it or throw it, keeping it as the call's recorded outcome; or, for an outcome the
/// endpoint cannot give (a value of another type, an error it cannot throw), fail saying so,
/// or run the endpoint when it cannot fail.
enum ExploredAnswer<Result: Sendable, Failure: Error> {
    case returned(Result)
    case threw(Failure)
    case runEndpoint

    /// The value to return, or `nil` to run the endpoint (and record its outcome, as usual);
    /// throws the error to throw.
    func given() throws(Failure) -> Result? {
        switch self {
        case .returned(let value): return value
        case .threw(let error): throw error
        case .runEndpoint: return nil
        }
    }

    init(_ name: String, _ outcome: RecordedCalls.Outcome, _ calls: RecordedCalls) {
        switch outcome {
        case .returned(let value as Result):
            self = .returned(recording(value, name, calls))
        case .returnedVoid:
            guard let void = () as? Result else {
                self = .mismatch(name, "nothing (Void)", calls)
                return
            }
            self = .returned(recording(void, name, calls))
        case .returned(let value):
            self = .mismatch(name, "a \(type(of: value))", calls)
        case .threw(let error as Failure):
            calls.record(name, .threw(error))
            self = .threw(error)
        case .threw(let error):
            self = .mismatch(name, "a \(type(of: error)) error", calls)
        case .cancelled:
            guard let cancellation = CancellationError() as? Failure else {
                self = .mismatch(name, "a cancellation", calls)
                return
            }
            calls.record(name, .cancelled)
            self = .threw(cancellation)
        case .notRecordable:
            self = .runEndpoint
        }
    }

    /// An outcome the endpoint cannot give: the call fails saying so, where the endpoint can
    /// fail; an endpoint that cannot throw a ``ReplayedFailure`` runs.
    private static func mismatch(_ name: String, _ given: String, _ calls: RecordedCalls) -> Self {
        let failure = ReplayedFailure(
            typeName: "MVIDependencies.ReplayedFailure",
            description: "explore answered \(name) with \(given); the endpoint returns \(Result.self)"
                + " and throws \(Failure.self)")
        guard let thrown = failure as? Failure else { return .runEndpoint }
        calls.record(name, .threw(failure))
        return .threw(thrown)
    }
}
#endif
