import MVI
import MVITimeTravel

/// How `explore` answers the calls of one `replayable` endpoint (`MVIDependencies`) of the
/// feature's dependencies: each call waits until explore chooses to answer it, while other
/// work runs and other intents arrive (a delay), and then returns a generated value, throws
/// one of the errors given, or is cancelled.
///
/// ```swift
/// endpoints: [.endpoint("todoRemote.accept", throwing: [TodoRemoteError.unreachable])]
/// ```
///
/// Calls of an endpoint that is not listed run the endpoint itself, as in the app. Calls of a
/// synchronous endpoint always run it: it cannot wait.
public struct ExploreEndpoint<State>: Sendable {
    /// The endpoint's name, as given to `replayable`.
    let name: String
    /// Makes a call's outcome from the choices: 0 the simplest, a value.
    let outcome: @Sendable (inout ChoiceStream, State) -> (RecordedCalls.Outcome, ExploreReport.Answer)

    /// An endpoint that returns values of `values`, or throws one of `errors`, or, when
    /// `cancels`, throws `CancellationError` as a cancelled call does.
    public static func endpoint<Value: Sendable>(
        _ name: String, returning values: Generator<Value, State>, throwing errors: [any Error & Sendable] = [],
        cancels: Bool = true
    ) -> Self {
        ExploreEndpoint(name: name) { choices, state in
            pick(&choices, errors: errors, cancels: cancels) { choices in
                values.make(&choices, state).map { .returned($0) } ?? .notRecordable
            }
        }
    }

    /// An endpoint that returns nothing (`Void`), or throws one of `errors`, or, when
    /// `cancels`, throws `CancellationError` as a cancelled call does.
    public static func endpoint(
        _ name: String, throwing errors: [any Error & Sendable] = [], cancels: Bool = true
    ) -> Self {
        ExploreEndpoint(name: name) { choices, _ in
            pick(&choices, errors: errors, cancels: cancels) { _ in .returnedVoid }
        }
    }

    /// A value (the simplest), one of the errors, or a cancellation.
    private static func pick(
        _ choices: inout ChoiceStream, errors: [any Error & Sendable], cancels: Bool,
        value: (inout ChoiceStream) -> RecordedCalls.Outcome
    ) -> (RecordedCalls.Outcome, ExploreReport.Answer) {
        let choice = choices.draw(below: 1 + errors.count + (cancels ? 1 : 0))
        switch choice {
        case 0: return (value(&choices), .value)
        case 1...errors.count: return (.threw(errors[choice - 1]), .error)
        default: return (.cancelled, .cancellation)
        }
    }
}
