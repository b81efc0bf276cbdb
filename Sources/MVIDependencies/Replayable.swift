#if Dependencies
import Dependencies
import MVI
import MVIJSON
import MVITimeTravel

// MARK: - Wrapping an endpoint

/// An endpoint of a dependency whose results a time-travel recording keeps, and a replay
/// gives back: a recording exported from a user's session reproduces its async work offline.
///
/// Wrap each operation of a dependency's live value that reaches the outside world (a server,
/// a file, a sensor) and give it a name unique among your endpoints:
///
/// ```swift
/// extension TodoServer: DependencyKey {
///     static let liveValue = TodoServer(
///         fetch: replayable("todoServer.fetch") { try await URLSession.shared.todos() },
///         push: replayable("todoServer.push") { todo in try await URLSession.shared.push(todo) }
///     )
/// }
/// ```
///
/// The wrapped endpoint has the same type, and behaves the same, with one difference inside a
/// store made with `environment: .dependencies()`:
/// - While time travel records the store, each call's result (the value returned, or the error
///   thrown, or its cancellation) is kept in the recording, in order, and exported with it.
///   A result that is not `Codable` cannot be kept: the export names the endpoint instead.
/// - In a replay (`TimeTravelReplay.rerun`), a call is answered with the next recorded result
///   of its endpoint, and the endpoint itself does not run. A recorded error is decoded and
///   thrown as it was when its type is among `errors` (or is the endpoint's typed-throws
///   type) and `Decodable`; otherwise a ``ReplayedFailure`` with the error's description is
///   thrown. A recorded cancellation throws `CancellationError`. A recorded result that no
///   longer decodes is a divergence the replay reports (`undecodableCalls`): the call throws
///   a ``ReplayedFailure`` saying so and the endpoint does not run (an endpoint that cannot
///   fail, or throws one type of its own, cannot refuse: it runs). A call with no recorded
///   result left (the feature makes a call the recording did not) is refused the same way:
///   it throws a ``ReplayedFailure`` and the replay reports it as unanswered, so that nothing
///   reaches the outside world in a replay; an endpoint that cannot throw one runs.
///
/// Outside a store (a view calling the endpoint itself), and in a store no recording watches,
/// it costs a look-up of a task-local value, with no allocation, and calls the endpoint
/// (budgets.tsv: send-1replayable, send-1dependency).
///
/// - Parameters:
///   - name: The endpoint's name in recordings, unique among the app's endpoints.
///   - errors: Error types a recorded error is decoded as again, for an endpoint whose errors
///     are untyped: the one whose `String(reflecting:)` was recorded.
///   - endpoint: The endpoint.
///
/// Arguments are not recorded: a replay answers calls in the order they were made, whatever
/// their arguments (the replay's events show whether the feature asked for the same thing).
public func replayable<each Argument, Result: Sendable>(
    _ name: String, errors: [any (Error & Decodable).Type] = [],
    _ endpoint: @escaping @Sendable (repeat each Argument) async throws -> Result
) -> @Sendable (repeat each Argument) async throws -> Result {
    { (argument: repeat each Argument) async throws -> Result in
        guard let calls = RecordedCallsKey.current else { return try await endpoint(repeat each argument) }
        if let answerer = calls.answerer,
            let value = try ExploredAnswer<Result, any Error>(name, await answerer.answer(name), calls).given()
        {
            return value
        }
        switch ReplayedAnswer<Result, any Error>(name, calls, errors: errors) {
        case .returned(let value): return value
        case .threw(let error): throw error
        case .runEndpoint: return try await endpoint(repeat each argument)
        case .record:
            do {
                return recording(try await endpoint(repeat each argument), name, calls)
            } catch {
                calls.record(name, RecordedCalls.Outcome(error))
                throw error
            }
        }
    }
}

/// ``replayable(_:errors:_:)-923ac`` for an endpoint
/// that throws errors of one type: a recorded error of that type is decoded and thrown
/// again, when the type is `Decodable`.
@_disfavoredOverload
public func replayable<each Argument, Result: Sendable, Failure: Error>(
    _ name: String, _ endpoint: @escaping @Sendable (repeat each Argument) async throws(Failure) -> Result
) -> @Sendable (repeat each Argument) async throws(Failure) -> Result {
    { (argument: repeat each Argument) async throws(Failure) -> Result in
        guard let calls = RecordedCallsKey.current else { return try await endpoint(repeat each argument) }
        if let answerer = calls.answerer,
            let value = try ExploredAnswer<Result, Failure>(name, await answerer.answer(name), calls).given()
        {
            return value
        }
        switch ReplayedAnswer<Result, Failure>(name, calls) {
        case .returned(let value): return value
        case .threw(let error): throw error
        case .runEndpoint: return try await endpoint(repeat each argument)
        case .record:
            do throws(Failure) {
                return recording(try await endpoint(repeat each argument), name, calls)
            } catch {
                calls.record(name, RecordedCalls.Outcome(error))
                throw error
            }
        }
    }
}

/// ``replayable(_:errors:_:)-923ac`` for an endpoint
/// that cannot fail.
public func replayable<each Argument, Result: Sendable>(
    _ name: String, _ endpoint: @escaping @Sendable (repeat each Argument) async -> Result
) -> @Sendable (repeat each Argument) async -> Result {
    { (argument: repeat each Argument) async -> Result in
        guard let calls = RecordedCallsKey.current else { return await endpoint(repeat each argument) }
        if let answerer = calls.answerer,
            case .returned(let value) = ExploredAnswer<Result, Never>(name, await answerer.answer(name), calls)
        {
            return value
        }
        switch ReplayedAnswer<Result, Never>(name, calls) {
        case .returned(let value): return value
        case .threw(let never): switch never {}
        case .runEndpoint: return await endpoint(repeat each argument)
        case .record: return recording(await endpoint(repeat each argument), name, calls)
        }
    }
}

/// ``replayable(_:errors:_:)-923ac`` for a
/// synchronous endpoint (a reading of a sensor, a generator of ids).
public func replayable<each Argument, Result: Sendable>(
    _ name: String, errors: [any (Error & Decodable).Type] = [],
    _ endpoint: @escaping @Sendable (repeat each Argument) throws -> Result
) -> @Sendable (repeat each Argument) throws -> Result {
    { (argument: repeat each Argument) throws -> Result in
        guard let calls = RecordedCallsKey.current else { return try endpoint(repeat each argument) }
        switch ReplayedAnswer<Result, any Error>(name, calls, errors: errors) {
        case .returned(let value): return value
        case .threw(let error): throw error
        case .runEndpoint: return try endpoint(repeat each argument)
        case .record:
            do {
                return recording(try endpoint(repeat each argument), name, calls)
            } catch {
                calls.record(name, RecordedCalls.Outcome(error))
                throw error
            }
        }
    }
}

/// ``replayable(_:errors:_:)-923ac`` for a
/// synchronous endpoint that cannot fail.
public func replayable<each Argument, Result: Sendable>(
    _ name: String, _ endpoint: @escaping @Sendable (repeat each Argument) -> Result
) -> @Sendable (repeat each Argument) -> Result {
    { (argument: repeat each Argument) -> Result in
        guard let calls = RecordedCallsKey.current else { return endpoint(repeat each argument) }
        switch ReplayedAnswer<Result, Never>(name, calls) {
        case .returned(let value): return value
        case .threw(let never): switch never {}
        case .runEndpoint: return endpoint(repeat each argument)
        case .record: return recording(endpoint(repeat each argument), name, calls)
        }
    }
}

/// Keeps `result` as the outcome of a call of `name` (if the store records), and returns it:
/// nothing for `Void`, the value for a `Codable` type, the name alone for any other.
func recording<Result: Sendable>(_ result: Result, _ name: String, _ calls: RecordedCalls) -> Result {
    if Result.self == Void.self {
        calls.record(name, .returnedVoid)
    } else if Result.self is any Decodable.Type, Result.self is any Encodable.Type {
        calls.record(name, .returned(result))
    } else {
        calls.record(name, .notRecordable)
    }
    return result
}

// MARK: - The store's record among the dependencies

/// The ``RecordedCalls`` of the store whose feature's code is running, bound by its
/// ``DependenciesEnvironment`` beside the dependency values (and inherited, like them, by the
/// async work it starts).
enum RecordedCallsKey {
    /// The record of the store whose feature's code is running, if any.
    @TaskLocal static var current: RecordedCalls?
}

extension RecordedCalls.Outcome {
    /// How a call that threw `error` ended.
    init(_ error: any Error) {
        self = error is CancellationError ? .cancelled : .threw(error)
    }
}

/// What a wrapped endpoint does with a call: answer it from the replay's recording (or refuse
/// it, when no recorded answer is left), or run it and record its outcome.
///
/// A recorded answer that cannot be given back (a value that no longer decodes as `Result`,
/// an error the endpoint cannot throw) is a divergence, noted once in the replay's record;
/// the call then throws a ``ReplayedFailure`` that says so, and the endpoint does not run. An
/// endpoint that cannot throw a `ReplayedFailure` (it cannot fail, or throws one type of its
/// own) has no way to refuse the call: it runs, and the divergence is reported all the same.
enum ReplayedAnswer<Result, Failure: Error> {
    case returned(Result)
    case threw(Failure)
    case runEndpoint
    case record

    /// - Parameter errors: Types a recorded error may be decoded as, for an endpoint whose
    ///   errors are untyped: the one whose name was recorded is thrown again.
    init(_ name: String, _ calls: RecordedCalls, errors: [any (Error & Decodable).Type] = []) {
        guard let answer = calls.nextAnswer(for: name) else {
            self = .record
            return
        }
        switch answer {
        case .returned(let value):
            if let void = () as? Result {
                self = .returned(void)
                return
            }
            let reason: String
            if let decodable = Result.self as? any Decodable.Type, let json = value as? JSONValue {
                do {
                    if let decoded = try JSONValueDecoder().decode(decodable, from: json) as? Result {
                        self = .returned(decoded)
                        return
                    }
                    reason = "it decodes as another type than \(Result.self)"
                } catch {
                    reason = "\(Result.self): \(error)"
                }
            } else {
                reason = "\(Result.self) is not Decodable"
            }
            self = .undecodable(name, calls, recorded: value, reason: reason)
        case .threw(let typeName, let value, let description):
            if let decodable = Failure.self as? any Decodable.Type, typeName == String(reflecting: Failure.self),
                let json = value as? JSONValue,
                let decoded = try? JSONValueDecoder().decode(decodable, from: json) as? Failure
            {
                self = .threw(decoded)
            } else if let json = value as? JSONValue,
                let errorType = errors.first(where: { String(reflecting: $0) == typeName }),
                let decoded = try? JSONValueDecoder().decode(errorType, from: json) as? Failure
            {
                self = .threw(decoded)
            } else {
                self = .throwing(
                    ReplayedFailure(typeName: typeName, description: description), name, calls, recorded: value,
                    reason: "a \(typeName) error was recorded; the endpoint throws \(Failure.self)")
            }
        case .cancelled:
            self = .throwing(
                CancellationError(), name, calls, recorded: nil,
                reason: "a cancellation was recorded; the endpoint cannot throw CancellationError")
        case .notRecorded:
            self = .runEndpoint
        case .unanswered:
            // Nothing reaches the outside world in a replay: a call the recording has no result
            // for fails, where the endpoint can fail (the replay reports it as unanswered).
            if let failure = ReplayedFailure(
                typeName: "MVIDependencies.ReplayedFailure",
                description: "the recording has no result left for this call of \(name)") as? Failure
            {
                self = .threw(failure)
            } else {
                self = .runEndpoint
            }
        }
    }

    /// The recorded `error` thrown again, if the endpoint can throw it; otherwise a recorded
    /// answer that cannot be given back, for `reason`.
    private static func throwing(
        _ error: any Error, _ name: String, _ calls: RecordedCalls, recorded: (any Sendable)?,
        reason: @autoclosure () -> String
    ) -> Self {
        if let failure = error as? Failure { return .threw(failure) }
        return undecodable(name, calls, recorded: recorded, reason: reason())
    }

    /// A recorded answer that cannot be given back: noted as a divergence; the call throws a
    /// ``ReplayedFailure`` saying so, or, for an endpoint that cannot throw one, runs.
    private static func undecodable(
        _ name: String, _ calls: RecordedCalls, recorded: (any Sendable)?, reason: String
    ) -> Self {
        calls.noteUndecodable(name, recorded: recorded, reason: reason)
        let failure = ReplayedFailure(
            typeName: "MVIDependencies.ReplayedFailure",
            description: "the recorded result of \(name) does not decode: \(reason)")
        if let failure = failure as? Failure { return .threw(failure) }
        return .runEndpoint
    }
}
#endif
