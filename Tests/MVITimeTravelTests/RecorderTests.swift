import MVI
import MVIFixtures
import MVITimeTravel
import Testing

/// The store's recorder (package API in MVI, read by MVITimeTravel): what it keeps, how it
/// drops old slots, and its locking under concurrent senders and readers (this suite also runs
/// under ThreadSanitizer).
@Suite(.timeLimit(.minutes(5))) struct RecorderTests {
    /// The fixtures' counter (this target's own `Counter` is time travel's Codable one).
    typealias Counter = MVIFixtures.Counter

    /// Middleware that hands a store a recorder, observing `kinds` on top of it.
    struct Recording: Middleware, RecordingMiddleware {
        typealias Target = Counter
        let recorder: StoreRecorder<Counter>
        var observedEventKinds: Set<StoreEvent<Counter>.Kind> = []

        func handle(_ event: StoreEvent<Counter>, _ context: borrowing MiddlewareContext<Counter>) {}

        func recorder<F: Feature>(for feature: F.Type) -> StoreRecorder<F>? {
            recorder as? StoreRecorder<F>
        }
    }

    enum Value: Equatable {
        case intent(Counter.Intent), message(Counter.Message), state(Int), sideEffect(Counter.SideEffect)
        case failure(String)
        case unknown
    }

    /// A recording store: the session records from the store's current state.
    func makeStore(
        window: Int = 10_000, observing kinds: Set<StoreEvent<Counter>.Kind> = []
    ) -> (Store<Counter>, StoreRecorder<Counter>, RecordingSession) {
        let session = RecordingSession(window: window)
        let recorder = StoreRecorder<Counter>(session: session)
        let store = Store(
            Counter(), initialState: .init(),
            middleware: [Recording(recorder: recorder, observedEventKinds: kinds)])
        session.tick()
        session.setRecording(true)
        _ = recorder.restart()
        return (store, recorder, session)
    }

    func events(_ history: RecordedHistory<Counter>) -> [(sequence: UInt64, value: Value)] {
        var events: [(UInt64, Value)] = []
        history.forEachEvent { sequence, _, value in
            switch value {
            case .intent(let intent): events.append((sequence, .intent(intent)))
            case .message(let message, _): events.append((sequence, .message(message)))
            case .state(let state): events.append((sequence, .state(state.count)))
            case .sideEffect(let effect): events.append((sequence, .sideEffect(effect)))
            case .failure(let error): events.append((sequence, .failure(error.storeName)))
            case .unknownState: events.append((sequence, .unknown))
            }
        }
        return events
    }

    @Test(arguments: [false, true])
    func aReplacedStateIsRecordedAndLaterStatesStartFromIt(withObservingMiddleware: Bool) async {
        let (store, recorder, _) = makeStore(observing: withObservingMiddleware ? [.intent, .state] : [])
        for _ in 0..<10 { store.send(.increment) }
        store.replaceState(with: .init(count: 100))
        for _ in 0..<150 { store.send(.increment) }  // past several checkpoints
        let states = events(recorder.history()).compactMap { event -> Int? in
            if case .state(let count) = event.value { return count } else { return nil }
        }
        #expect(states == Array(1...10) + [100] + Array(101...250))
        #expect(store.state.count == 250)
    }

    @Test(arguments: [false, true])
    func messagesAnIntentDispatchedAsItRanAreMarked(withObservingMiddleware: Bool) async {
        let (store, recorder, _) = makeStore(observing: withObservingMiddleware ? [.intent, .state] : [])
        store.send(.dispatchTwice)
        store.send(.loadLater(5))  // one message as it runs, two from its work
        await store.waitForIdle()
        store.send(.sendTwice)  // its intents are queued: each dispatches as it runs
        var messages: [(Counter.Message, dispatchedByIntent: Bool)] = []
        recorder.history().forEachEvent { _, _, value in
            if case .message(let message, let dispatched) = value { messages.append((message, dispatched)) }
        }
        #expect(
            messages.map(\.0) == [
                .changed(by: 1), .changed(by: 1), .loading(true), .changed(by: 5), .loading(false), .changed(by: 1),
                .changed(by: 1),
            ])
        #expect(messages.map(\.dispatchedByIntent) == [true, true, true, false, false, true, true])
    }

    @Test func aReplacedStateInARingWithoutCheckpointsBecomesTheBaseline() {
        let (store, recorder, _) = makeStore(window: 2)
        store.send(.increment)
        store.replaceState(with: .init(count: 7))
        store.send(.notify("a"))
        store.send(.notify("b"))
        store.send(.notify("c"))
        store.send(.increment)
        let recorded = events(recorder.history())
        #expect(recorded.last?.value == .state(8))
    }

    @Test(arguments: [false, true])
    func everyStepIsRecordedAndStatesAreRecomputed(withObservingMiddleware: Bool) {
        let (store, recorder, _) = makeStore(observing: withObservingMiddleware ? [.intent, .state] : [])
        for _ in 0..<200 { store.send(.increment) }  // past several checkpoints
        store.send(.notify("hi"))  // an intent that posts, dispatches nothing
        store.send(.add(5))
        let recorded = events(recorder.history())
        var expected: [Value] = []
        for count in 1...200 { expected += [.intent(.increment), .message(.changed(by: 1)), .state(count)] }
        expected += [.intent(.notify("hi")), .sideEffect(.said("hi"))]
        expected += [.intent(.add(5)), .message(.changed(by: 5)), .state(205)]
        #expect(recorded.map(\.value) == expected)
        let sequences = recorded.map(\.sequence)
        #expect(sequences == Array(sequences[0]..<sequences[0] + UInt64(sequences.count)))
    }

    @Test func oldSlotsGoInRunsAndTheStartMovesWithThem() {
        let (store, recorder, _) = makeStore(window: 100)
        for _ in 0..<1_000 { store.send(.increment) }
        let history = recorder.history()
        let recorded = events(history)
        // The newest 100 events are kept, and at most a checkpoint interval (25 slots) more.
        #expect(recorded.count >= 100 && recorded.count <= 100 + 3 * 25 + 3)
        #expect(recorded.last?.value == .state(1_000))
        // Starting from the kept baseline, the kept messages reproduce every kept state.
        var count = history.baseline?.count ?? -1
        for (_, value) in recorded {
            if case .message(.changed(let by)) = value { count += by }
            if case .state(let state) = value { #expect(state == count) }
        }
    }

    @Test func aSmallWindowKeepsItsCheckpointsCloser() {
        let (store, recorder, _) = makeStore(window: 10)
        for amount in 1...100 { store.send(.add(amount)) }
        let history = recorder.history()
        let recorded = events(history)
        #expect(recorded.count <= 10 + 3 * 2 + 3)
        #expect(recorded.last?.value == .state((1...100).reduce(0, +)))
        var count = history.baseline?.count ?? -1
        for (_, value) in recorded {
            if case .message(.changed(let by)) = value { count += by }
            if case .state(let state) = value { #expect(state == count) }
        }
    }

    @Test func aFullRingWithoutACheckpointReducesItsOldestMessageIntoTheStart() {
        let (store, recorder, _) = makeStore(window: 8)  // a checkpoint every 2 slots, 10 slots
        store.send(.add(1))  // the first reduction is a checkpoint
        store.send(.add(2))  // the next one is not
        for index in 0..<20 { store.send(.notify("\(index)")) }  // slots with no reduction
        store.send(.add(4))
        let history = recorder.history()
        let recorded = events(history)
        #expect(history.baseline?.count == 3)  // add(2) was reduced into the start to make room
        #expect(recorded.last?.value == .state(7))
        #expect(!recorded.contains { $0.value == .unknown })
    }

    @Test func nothingIsRecordedWhileTheSessionIsOff() {
        let (store, recorder, session) = makeStore()
        session.setRecording(false)
        store.send(.increment)
        #expect(recorder.history().slots.isEmpty)
        session.setRecording(true)
        #expect(recorder.restart()?.count == 1)  // starts again from the store's state
        store.send(.increment)
        #expect(events(recorder.history()).map(\.value) == [.intent(.increment), .message(.changed(by: 1)), .state(2)])
    }

    @Test func aSecondStoreCannotClaimARecorderInUse() {
        let (first, recorder, _) = makeStore()
        let second = Store(Counter(), initialState: .init(), middleware: [Recording(recorder: recorder)])
        second.send(.add(7))
        first.send(.increment)
        #expect(events(recorder.history()).map(\.value) == [.intent(.increment), .message(.changed(by: 1)), .state(1)])
    }

    @Test func theRecordingOutlivesItsStore() {
        var (store, recorder, _) = makeStore() as (Store<Counter>?, StoreRecorder<Counter>, RecordingSession)
        store?.send(.increment)
        store = nil
        #expect(events(recorder.history()).map(\.value) == [.intent(.increment), .message(.changed(by: 1)), .state(1)])
        #expect(recorder.restart() == nil)  // no store to start from any more
    }

    @Test func concurrentSendersAndReadersStayConsistent() async {
        let (store, recorder, _) = makeStore(window: 1_000_000)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<2_000 { store.send(.increment) } }
            }
            group.addTask {
                for round in 0..<200 {
                    let history = recorder.history()
                    let sequences = history.slots.map(\.sequence)
                    #expect(sequences == sequences.sorted())
                    if round % 50 == 49 { _ = recorder.restart() }
                    await Task.yield()
                }
            }
        }
        // After the senders return, the draining thread may still be reducing what they queued.
        for await count in store.states(of: \.count) where count == 8_000 { break }
        // The start was taken under the store's lock, so start plus messages is the state.
        let history = recorder.history()
        var count = history.baseline?.count ?? -1
        for slot in history.slots {
            if case .changed(let by)? = slot.input.message { count += by }
        }
        #expect(count == store.state.count)
    }
}
