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

    /// Reruns a decoded recording; see ``rerun(_:feature:store:environment:timeout:)-(Data,_,_,_,_)``.
    public static func rerun<F: Feature>(
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
        let replayed = Store(
            feature, initialState: initialState, name: entry.name,
            middleware: [middleware, ProgressMiddleware(progress)],
            environment: environment, replaying: calls)
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

/// What ``TimeTravelReplay/rerun(_:feature:store:environment:timeout:)-(Data,_,_,_,_)`` found.
public struct TimeTravelRerun: Sendable, CustomStringConvertible {
    /// The recorded store that was run again.
    public let storeName: String
    /// How many intents were sent from outside, as recorded.
    public let intentsSent: Int
    /// The first event where the rerun differs from the recording; `nil` if it made every
    /// event the recording has, with the same values, and no more.
    public let divergence: TimeTravelDivergence?
    /// How many events were compared (the longer of the two runs).
    public let comparedEvents: Int
    /// How many calls were answered from the recording.
    public let answeredCalls: Int
    /// The endpoints called without a recorded result left (in the order they were called):
    /// each such call was refused with a `ReplayedFailure` (MVIDependencies), or, for an
    /// endpoint that cannot throw one, ran the endpoint from the rerun's environment.
    public let unansweredCalls: [String]
    /// Recorded results no call asked for, by endpoint name: the feature no longer makes
    /// those calls.
    public let unusedCalls: [String: Int]
    /// The endpoints the recording names as called but not recorded (results not
    /// `Codable`): the rerun ran them from its environment.
    public let unrecordedCalls: [String]
    /// Calls whose recorded result does not decode as the endpoint's result or error type
    /// today, in the order they were made: each is a divergence, and the endpoint was not run
    /// in its place (see `replayable` in `MVIDependencies` for the endpoints that cannot refuse).
    public let undecodableCalls: [UndecodableCall]
    /// The rerun's own recording: export it (``TimeTravel/encode(_:)``) to look at it in the
    /// DevTools page beside the original.
    public let replayed: TimeTravelRecording

    /// Whether the rerun reproduced the recording exactly, every call answered from it.
    public var isFaithful: Bool {
        divergence == nil && unansweredCalls.isEmpty && unusedCalls.isEmpty && undecodableCalls.isEmpty
    }

    /// A call whose recorded result does not decode: which call, what was recorded, and why.
    public struct UndecodableCall: Sendable, Hashable, CustomStringConvertible {
        /// The endpoint's name.
        public let name: String
        /// Which call of that endpoint it was, from 1.
        public let call: Int
        /// The recorded result (a returned value, or an error's encoding), `null` if none was kept.
        public let recorded: JSONValue
        /// Why it does not decode.
        public let reason: String

        /// "name call n: recorded … does not decode: reason".
        public var description: String { "\(name) call \(call): recorded \(recorded) does not decode: \(reason)" }
    }

    /// A summary: the divergence, if any, and the calls that were not answered.
    public var description: String {
        var lines = [
            "[\(storeName)] rerun of \(intentsSent) intents, \(comparedEvents) events compared, "
                + "\(answeredCalls) calls answered from the recording"
        ]
        lines.append(divergence.map(\.description) ?? "no divergence")
        if !unansweredCalls.isEmpty { lines.append("calls without a recorded result: \(unansweredCalls)") }
        if !unusedCalls.isEmpty {
            lines.append("recorded results never asked for: \(unusedCalls.sorted { $0.key < $1.key })")
        }
        if !unrecordedCalls.isEmpty { lines.append("endpoints not recorded: \(unrecordedCalls)") }
        for call in undecodableCalls { lines.append("recorded result does not decode: \(call)") }
        return lines.joined(separator: "\n")
    }
}

/// How far a rerun has got: the intents it sent, the messages and side effects its store
/// made, and whether the rerun gave up at its deadline (then the store is cancelled).
final class RerunProgress: Sendable {
    private struct State: Sendable {
        var made = 0
        var sent = 0
        var intents: Int?
        var gaveUp = false
        /// Cancels the rerun's store, once it exists.
        var cancelStore: (@Sendable () -> Void)?
        /// The ids of the store's running work, once the store exists.
        var runningWork: (@Sendable () -> [String?])?
    }

    private let state = Locked(State())

    func madeOne() {
        state.withLock { $0.made += 1 }
    }

    func sentOne() {
        state.withLock { $0.sent += 1 }
    }

    /// The store is made and will get `intents` intents; `false` if the rerun gave up already.
    func begin<F: Feature>(intents: Int, store: Store<F>) -> Bool {
        state.withLock { state in
            state.intents = intents
            state.cancelStore = { store.cancel() }
            state.runningWork = { store.runningTaskDescriptions }
            return !state.gaveUp
        }
    }

    /// Gives the rerun up: returns how far it got and the work it leaves running, and
    /// cancels its store (on a dispatch queue: the caller never waits for the store).
    func giveUp() -> (sent: Int, intents: Int?, leftRunning: [String]) {
        let (sent, intents, cancel, running) = state.withLock { state in
            state.gaveUp = true
            return (state.sent, state.intents, state.cancelStore, state.runningWork)
        }
        let leftRunning = (running?() ?? []).map { $0 ?? "work without an id" }
        if let cancel { DispatchQueue.global(qos: .utility).async(execute: cancel) }
        return (sent, intents, leftRunning)
    }

    /// The error of a rerun that gave up, as its driver sees it.
    func timedOut(_ store: String) -> TimeTravelReplayError {
        let (sent, intents) = state.withLock { ($0.sent, $0.intents) }
        return .timedOut(store: store, sentIntents: sent, intents: intents, leftRunning: [])
    }

    /// Waits until the store has made `count` messages and side effects (or, with `nil`, has
    /// nothing left to do), or is idle short of that. `false` if the rerun gave up.
    func wait<F: Feature>(untilCount count: Int?, store: Store<F>) async -> Bool {
        var backoff = PollBackoff()
        while true {
            let (made, gaveUp) = state.withLock { ($0.made, $0.gaveUp) }
            if gaveUp { return false }
            if let count, made >= count { return true }
            if store.pendingInputCount == 0 && store.runningTaskCount == 0 {
                // Idle now: make sure (a message of work that just ended may be on its way in).
                await store.waitForIdle()
                let (again, gaveUp) = state.withLock { ($0.made, $0.gaveUp) }
                if gaveUp { return false }
                if again == made { return true }
                continue
            }
            // Work runs: it ends, or makes what the next intent waits for.
            await backoff.pause()
        }
    }
}

/// Counts the messages and side effects of a rerun's store.
struct ProgressMiddleware<Target: Feature>: Middleware {
    let progress: RerunProgress

    init(_ progress: RerunProgress) {
        self.progress = progress
    }

    var observedEventKinds: Set<StoreEvent<Target>.Kind> { [.message, .sideEffect] }

    func handle(_ event: StoreEvent<Target>, _ context: borrowing MiddlewareContext<Target>) {
        progress.madeOne()
    }
}
