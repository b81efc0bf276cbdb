import Foundation
import MVI
import MVIJSON

extension TimeTravelReplay {
    /// Runs a recorded session again on a fresh store: the intents sent to the store from
    /// outside are sent again, in order, and the feature's own code runs (its `execute`, its
    /// bootstrap, its async work), with every `replayable` dependency call (`MVIDependencies`)
    /// answered with the result recorded for it. Each event the store makes is compared with
    /// the recorded one: a bug recorded in a user's session, async work included, reproduces
    /// offline in a test.
    ///
    /// ```swift
    /// @Test func theRecordedSyncFailsAgain() async throws {
    ///     let recording = try Data(contentsOf: fixtureURL)   // exported from the app
    ///     let rerun = try await TimeTravelReplay.rerun(
    ///         recording, feature: TodoList(), environment: .dependencies())
    ///     #expect(rerun.divergence == nil, "\(rerun)")
    ///     #expect(rerun.unansweredCalls.isEmpty)
    /// }
    /// ```
    ///
    /// Needs a recording made with causes (``TimeTravel/init(maxEvents:callSites:onError:)``'s
    /// default): it tells intents sent from outside from those the store's code sent, which
    /// the rerun makes again instead of resending. The store starts from the recorded initial
    /// state and runs its bootstrap, as the app's did.
    ///
    /// An intent is sent once the rerun has made as many messages and side effects as the
    /// recording had before it (or once the store is idle, if it makes fewer): work the
    /// recording saw running when the user acted is running when the intent arrives. Work
    /// that waits on a clock waits on the environment's: give it an immediate or test clock
    /// for a rerun that does not wait in real time.
    ///
    /// - Parameters:
    ///   - data: An export made by ``TimeTravel/export()`` (version 3 or later).
    ///   - feature: The feature to run: the code under test, today's version of it.
    ///   - store: The recorded store's name; without it, the only store, or the first whose
    ///     state type is `F.State`.
    ///   - environment: What the feature runs in: `.dependencies { … }` for features on
    ///     swift-dependencies. Calls of `replayable` endpoints are answered from the recording;
    ///     anything else a feature reads comes from here. `nil`, the default, for a feature
    ///     that reads no dependencies.
    ///   - timeout: How long the rerun may take: it returns by then whatever the feature's
    ///     code does, with ``TimeTravelReplayError/timedOut(store:sentIntents:intents:leftRunning:)``
    ///     naming the work left running. The rerun's code runs on a thread of its own, off
    ///     Swift's concurrency pool; work left running is cancelled, but work that never
    ///     suspends cannot be stopped in Swift, and goes on, on that thread, until it ends.
    /// - Returns: What the rerun found: the first divergence, and which calls had no
    ///   recorded answer.
    public static func rerun<F: Feature>(
        _ data: Data, feature: F, store: String? = nil, environment: (any ExecutionEnvironment)? = nil,
        timeout: Duration = .seconds(30)
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun where F.State: Codable, F.Intent: Decodable {
        let recording: TimeTravelRecording
        do {
            recording = try TimeTravel.decodeRecording(data)
        } catch {
            throw .invalidRecording(error)
        }
        return try await rerun(recording, feature: feature, store: store, environment: environment, timeout: timeout)
    }

    /// Reruns a decoded recording; see ``rerun(_:feature:store:environment:timeout:)``.
    package static func rerun<F: Feature>(
        _ recording: TimeTravelRecording, feature: F, store: String? = nil,
        environment: (any ExecutionEnvironment)? = nil, timeout: Duration = .seconds(30)
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun where F.State: Codable, F.Intent: Decodable {
        try await rerun(
            recording, feature: feature, store: store, environment: environment,
            deadline: ContinuousClock.now.advanced(by: timeout),
            decodeState: { try JSONCodec.decode(F.State.self, from: $0) },
            decodeIntent: { try JSONCodec.decode(F.Intent.self, from: $0) })
    }

    /// The rerun, with the feature's state and intents decoded by the closures given (a
    /// registered store's, whose types are known to be `Decodable` only at run time).
    ///
    /// Everything after the recording's validation runs on a ``RerunExecutor`` of its own,
    /// the store's async work too; this function returns at `deadline` whatever that code
    /// does (``RerunRace``), with ``TimeTravelReplayError/timedOut(store:sentIntents:intents:leftRunning:)``.
    static func rerun<F: Feature>(
        _ recording: TimeTravelRecording, feature: F, store: String?, environment: (any ExecutionEnvironment)?,
        deadline: ContinuousClock.Instant,
        decodeState: @escaping @Sendable (JSONValue) throws -> F.State,
        decodeIntent: @escaping @Sendable (JSONValue) throws -> F.Intent
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun {
        do {
            try TimeTravel.validate(recording)
        } catch {
            throw .invalidRecording(error)
        }
        guard let entry = try stores(of: recording, stateType: F.State.self, named: store).first else {
            throw .storeNotFound(store)
        }
        let executor = RerunExecutor(label: entry.name)
        let progress = RerunProgress()
        let race = RerunRace<Result<TimeTravelRerun, TimeTravelReplayError>>()
        let driver = Task(executorPreference: executor) {
            let result: Result<TimeTravelRerun, TimeTravelReplayError>
            do throws(TimeTravelReplayError) {
                result = .success(
                    try await drive(
                        recording, entry: entry, feature: feature, environment: environment, executor: executor,
                        progress: progress, decodeState: decodeState, decodeIntent: decodeIntent))
            } catch {
                result = .failure(error)
            }
            race.end(result)
        }
        if let outcome = await race.outcome(deadline: deadline) { return try outcome.get() }
        // The deadline came first. Whatever still runs is cancelled; work that never
        // suspends cannot be stopped (Swift cannot kill a thread's code) and goes on, on the
        // rerun's queue only: it is named, as left running.
        driver.cancel()
        let (sent, total, leftRunning) = progress.giveUp()
        throw .timedOut(store: entry.name, sentIntents: sent, intents: total, leftRunning: leftRunning)
    }

    /// The rerun itself, on the rerun's executor: makes the store, sends the recorded
    /// intents, and compares what it made with the recording.
    private static func drive<F: Feature>(
        _ recording: TimeTravelRecording, entry: TimeTravelRecording.StoreEntry, feature: F,
        environment: (any ExecutionEnvironment)?, executor: RerunExecutor, progress: RerunProgress,
        decodeState: (JSONValue) throws -> F.State, decodeIntent: (JSONValue) throws -> F.Intent
    ) async throws(TimeTravelReplayError) -> TimeTravelRerun {
        guard let initialValue = entry.initialState else { throw .missingInitialState(store: entry.name) }
        let initialState: F.State
        do {
            initialState = try decodeState(initialValue)
        } catch {
            throw .stateDoesNotDecode(store: entry.name, sequence: nil, reason: JSONCodec.reason(error))
        }
        let recorded = recording.events.filter { $0.store == entry.id }
        let sends = try outsideIntents(in: recorded, decodeIntent: decodeIntent)

        let calls = RecordedCalls(replaying: answers(for: entry), notRecorded: Set(entry.unrecordedCalls ?? []))
        let timeTravel = TimeTravel(maxEvents: max(1_024, 4 * recorded.count + 64), callSites: false)
        let middleware: any Middleware<F>
        do {
            middleware = try timeTravel.register(entry.name, for: F.self)
        } catch {
            throw .storeNotFound(entry.name)  // a fresh controller has no other store
        }
        // The environment answers its calls from the recording; time travel keeps them too.
        let bound = (environment as? any CallRecordingEnvironment)?.environment(recordingCallsInto: calls)
        let replayed = Store(
            feature, initialState: initialState, name: entry.name,
            middleware: [middleware, ProgressMiddleware(progress)], rerunIn: bound ?? environment)
        // The store's async work runs on the rerun's executor too, off Swift's concurrency pool.
        _ = replayed.attachTestSupport(StoreTestSupport(taskExecutor: executor))
        guard progress.begin(intents: sends.count, store: replayed) else { throw progress.timedOut(entry.name) }
        timeTravel.startRecording()
        replayed.start()

        for (position, intent) in sends {
            guard await progress.wait(untilCount: position, store: replayed) else {
                throw progress.timedOut(entry.name)
            }
            replayed.send(intent)
            progress.sentOne()
        }
        guard await progress.wait(untilCount: nil, store: replayed) else { throw progress.timedOut(entry.name) }
        _ = timeTravel.stop()
        let made = timeTravel.recording()
        replayed.cancel()
        let events = made.events
        return TimeTravelRerun(
            storeName: entry.name, intentsSent: sends.count,
            divergence: firstDifference(recorded: recorded, replayed: events, storeName: entry.name),
            comparedEvents: max(recorded.count, events.count),
            answeredCalls: calls.answeredCount,
            unansweredCalls: calls.unansweredCalls, unusedCalls: calls.unusedAnswers,
            unrecordedCalls: entry.unrecordedCalls ?? [],
            undecodableCalls: calls.undecodableAnswers.map {
                TimeTravelRerun.UndecodableCall(
                    name: $0.name, call: $0.call, recorded: ($0.recorded as? JSONValue) ?? .null, reason: $0.reason)
            }, replayed: made)
    }

    /// The recorded stores a replay of `State` looks at: the one named, or the only one, or
    /// those whose state type is `State`.
    static func stores<State>(
        of recording: TimeTravelRecording, stateType: State.Type, named store: String?
    ) throws(TimeTravelReplayError) -> [TimeTravelRecording.StoreEntry] {
        let stores: [TimeTravelRecording.StoreEntry]
        if let store {
            stores = recording.stores.filter { $0.name == store }
        } else if recording.stores.count == 1 {
            stores = recording.stores
        } else {
            let stateType = String(reflecting: State.self)
            stores = recording.stores.filter { $0.types.state == stateType }
        }
        guard !stores.isEmpty else { throw .storeNotFound(store) }
        return stores
    }

    /// The intents sent from outside, each with the number of messages and side effects the
    /// store made before it.
    private static func outsideIntents<Intent>(
        in events: [TimeTravelRecording.Event], decodeIntent: (JSONValue) throws -> Intent
    ) throws(TimeTravelReplayError) -> [(Int, Intent)] {
        var sends: [(Int, Intent)] = []
        var made = 0
        for event in events {
            switch event.kind {
            case .message, .sideEffect: made += 1
            case .intent:
                guard let origin = event.origin else { throw .originsNotRecorded(sequence: event.sequence) }
                guard origin == .outside else { continue }
                guard let value = event.value else { throw .missingValue(sequence: event.sequence) }
                do {
                    sends.append((made, try decodeIntent(value)))
                } catch {
                    throw .intentDoesNotDecode(sequence: event.sequence, reason: JSONCodec.reason(error))
                }
            case .state, .failure: break
            }
        }
        return sends
    }

    /// The recorded answers of `entry`'s calls, by endpoint name, in call order.
    private static func answers(for entry: TimeTravelRecording.StoreEntry) -> [String: [RecordedCalls.Answer]] {
        var answers: [String: [RecordedCalls.Answer]] = [:]
        for call in entry.calls ?? [] {
            let answer: RecordedCalls.Answer
            switch call.outcome {
            case .returned: answer = .returned(call.result ?? JSONValue.null)
            case .threw:
                let error = call.error ?? .init(type: "", description: "", value: nil)
                answer = .threw(type: error.type, value: error.value, description: error.description)
            case .cancelled: answer = .cancelled
            }
            answers[call.name, default: []].append(answer)
        }
        return answers
    }

    /// The first event where the rerun differs from the recording: another kind, another
    /// value (or, for a value that was not encoded, another description), or one more or
    /// one fewer.
    private static func firstDifference(
        recorded: [TimeTravelRecording.Event], replayed: [TimeTravelRecording.Event], storeName: String
    ) -> TimeTravelDivergence? {
        var lastMessage: TimeTravelRecording.Event?
        for index in 0..<max(recorded.count, replayed.count) {
            let expected = index < recorded.count ? recorded[index] : nil
            let actual = index < replayed.count ? replayed[index] : nil
            if let expected, let actual, expected.kind == actual.kind,
                expected.value == actual.value, expected.value != nil || expected.description == actual.description
            {
                if expected.kind == .message { lastMessage = expected }
                continue
            }
            func describe(_ event: TimeTravelRecording.Event?, ending: String) -> String {
                event.map { "\($0.kind) \($0.description)" } ?? ending
            }
            return TimeTravelDivergence(
                storeName: storeName, sequence: expected?.sequence ?? recorded.last.map { $0.sequence + 1 } ?? 1,
                messageSequence: lastMessage?.sequence, messageDescription: lastMessage?.description,
                expected: expected?.value ?? .null, actual: actual?.value ?? .null,
                expectedDescription: describe(expected, ending: "nothing more (the recording ends)"),
                actualDescription: describe(actual, ending: "nothing more (the rerun ended)"),
                kind: expected?.kind ?? actual?.kind ?? .state)
        }
        return nil
    }
}
