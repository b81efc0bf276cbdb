import MVI
import MVITimeTravel

/// Runs sequences of `explore` on fresh stores: each a function of its choices.
struct Explorer<F: Feature>: Sendable {
    let feature: F
    let initialState: F.State
    let environment: @Sendable () -> (any ExecutionEnvironment)?
    let clock: ExploreClock?
    let intents: Generator<F.Intent, F.State>
    let endpoints: [String: ExploreEndpoint<F.State>]
    let invariants: [Invariant<F>]
    /// The most intents a sequence sends.
    let maxIntents: Int

    /// The most steps a sequence takes (work that never rests, a timer, stops there).
    var maxSteps: Int { maxIntents * 10 + 50 }

    /// Runs the sequence `choices` make, recorded into `timeTravel` if given. `willTake` hears
    /// each step before it is taken, with the sequence so far: what a crash in it leaves.
    func run(
        _ choices: inout ChoiceStream, recordingInto timeTravel: TimeTravel? = nil,
        willTake: ((ExploreSequence<F>, ExploreSequence<F>.Action) -> Void)? = nil
    ) -> ExploreSequence<F> {
        clock?.timeline.reset()
        let executor = ExploreExecutor()
        let desk = CallDesk(endpoints: Set(endpoints.keys))
        let observer = ExploreObserver<F>(initialState: initialState, invariants: invariants)
        var middleware: [any Middleware<F>] = [observer]
        if let timeTravel, let recorder = try? timeTravel.register("\(F.self)", for: F.self) {
            middleware.insert(recorder, at: 0)
        }
        // The desk answers the store's calls: bound into its environment as a rerun's are.
        let calls = RecordedCalls(answeringWith: desk)
        let store = Store(
            feature, initialState: initialState, name: "\(F.self)", middleware: middleware,
            environment: environment().map {
                ($0 as? any CallRecordingEnvironment)?.environment(recordingCallsInto: calls) ?? $0
            })
        _ = store.attachTestSupport(StoreTestSupport(taskExecutor: executor))
        _ = timeTravel?.startRecording()
        var sequence = ExploreSequence<F>()
        willTake?(sequence, .start)
        store.start()
        var step = observer.endStep()
        sequence.failure = step.broken
        if !step.events.isEmpty { sequence.steps.append(.init(action: .start, events: step.events)) }
        var sent = 0
        while sequence.failure == nil, !observer.isDismissed, sequence.steps.count < maxSteps {
            guard let action = choose(&choices, executor, desk, observer, sent: sent) else { break }
            willTake?(sequence, action)
            take(action, store, executor, desk)
            if case .send = action { sent += 1 }
            desk.tick()
            step = observer.endStep()
            sequence.steps.append(.init(action: action, events: step.events))
            sequence.failure = step.broken
        }
        sequence.choices = choices.made
        // The sequence is over: its work ends, its waiting calls and sleeps are cancelled, and
        // the jobs that cancelling wakes run to their end.
        store.cancel()
        desk.cancelAll()
        clock?.timeline.reset()
        var leftover = 0
        while executor.readyCount > 0, leftover < 100_000 {
            executor.run(at: 0)
            leftover += 1
        }
        _ = timeTravel?.stop()
        return sequence
    }

    /// Chooses the next step; `nil` when there is nothing left to do.
    private func choose(
        _ choices: inout ChoiceStream, _ executor: ExploreExecutor, _ desk: CallDesk, _ observer: ExploreObserver<F>,
        sent: Int
    ) -> ExploreSequence<F>.Action? {
        let jobs = executor.readyCount
        let calls = desk.waiting
        if choices.isExhausted {
            // The list ran out (a shrunk one): the work settles, oldest first, each call gets
            // the simplest answer, and time stands still.
            if jobs > 0 { return .runJob(0) }
            return calls.isEmpty ? nil : answer(0, calls, &choices, observer)
        }
        let nextDeadline = clock?.timeline.nextStep
        let canSend = sent < maxIntents
        let options = jobs + calls.count + (nextDeadline != nil ? 1 : 0) + (canSend ? 1 : 0)
        guard options > 0 else { return nil }
        let pick = choices.draw(below: options)
        if pick < jobs { return .runJob(pick) }
        if pick < jobs + calls.count { return answer(pick - jobs, calls, &choices, observer) }
        if let nextDeadline, pick == jobs + calls.count { return .advance(nextDeadline) }
        guard let intent = intents.make(&choices, observer.state) else { return .idle }
        return .send(intent)
    }

    /// The waiting call at `index`, answered with an outcome its endpoint makes.
    private func answer(
        _ index: Int, _ calls: [(name: String, age: Int)], _ choices: inout ChoiceStream, _ observer: ExploreObserver<F>
    ) -> ExploreSequence<F>.Action {
        let call = calls[index]
        // The desk keeps only calls of the endpoints explore was given.
        guard let endpoint = endpoints[call.name] else {
            return .answer(index, call.name, .notRecordable, .value, false)
        }
        let (outcome, kind) = endpoint.outcome(&choices, observer.state)
        return .answer(index, call.name, outcome, kind, call.age > 1)
    }

    /// Takes a step chosen.
    private func take(
        _ action: ExploreSequence<F>.Action, _ store: Store<F>, _ executor: ExploreExecutor, _ desk: CallDesk
    ) {
        switch action {
        case .start, .idle: break
        case .send(let intent): store.send(intent)
        case .runJob(let index): executor.run(at: index)
        case .answer(let index, _, let outcome, _, _): desk.answer(at: index, with: outcome)
        case .advance: clock?.timeline.advanceToNextDeadline()
        }
    }
}
