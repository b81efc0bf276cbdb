import MVI
import MVIFixtures
import Testing

/// `Store.replaceState(with:)`: input, ordered with intents, seen by everyone who sees states.
@Suite(.timeLimit(.minutes(5))) struct ReplaceStateTests {
    @Test func middlewareAndObserversSeeTheReplacedState() async {
        let lines = Collected<String>()
        let recorder = AnyMiddleware<Counter> { event, context in lines.append(eventLine(event, context)) }
        let store = Store(Counter(), initialState: .init(), name: "C", middleware: [recorder])
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        store.replaceState(with: .init(count: 40))
        store.send(.increment)
        #expect(store.state.count == 41)
        #expect(
            lines.values == [
                "[C] created 0",
                "[C] started",
                "[C] intent increment",
                "[C] message changed(by: 1)",
                "[C] state 1 false",
                "[C] stateReplaced 40",
                "[C] intent increment",
                "[C] message changed(by: 1)",
                "[C] state 41 false",
            ])
        #expect(seen.values == [0, 1, 40, 41])
        subscription.cancel()
    }

    @Test func aReplacementWaitsWithHeldInputInOrder() {
        let store = Store(Counter(), initialState: .init())
        store.hooks.holdInput()
        store.send(.increment)
        store.send(.increment)
        store.replaceState(with: .init(count: 100))
        store.send(.increment)
        #expect(store.state.count == 0)
        #expect(store.pendingInputCount == 4)
        store.hooks.resumeInput()
        #expect(store.state.count == 101)
    }

    @Test func aReplacementAfterAShownStateIsKeptWhenInputResumes() {
        let store = Store(Counter(), initialState: .init(count: 1))
        store.hooks.holdInput()
        store.hooks.show(.init(count: 7))
        store.replaceState(with: .init(count: 7))
        #expect(store.state.count == 7)
        store.hooks.resumeInput()
        #expect(store.state.count == 7)
        store.send(.increment)
        #expect(store.state.count == 8)
    }

    @Test func aReplacementWaitsForStartAndIsDroppedAfterCancel() {
        let store = Store(Counter(), initialState: .init(), start: false)
        store.replaceState(with: .init(count: 5))
        #expect(store.state.count == 0)
        store.start()
        #expect(store.state.count == 5)
        store.cancel()
        store.replaceState(with: .init(count: 9))
        #expect(store.state.count == 5)
    }

    @Test func asyncWorkInFlightReducesIntoTheReplacedState() async {
        let store = Store(Counter(numbers: { amount in amount }), initialState: .init())
        store.send(.loadLater(3))
        store.replaceState(with: .init(count: 50, isLoading: true))
        await store.waitForIdle()
        // Whether the work's result landed before or after the replacement, it was reduced
        // serially: either 50 (it came first and was replaced) or 53.
        #expect([50, 53].contains(store.state.count))
        #expect(!store.state.isLoading || store.state.count == 50)
    }

    /// Many senders and one replacement: every state observed follows from the one before it
    /// (an increment) or is the replacement, and the final count is the replacement plus the
    /// increments applied after it.
    @Test func aReplacementAmongConcurrentSendsIsSerialized() async {
        let states = Collected<Int>()
        let recorder = AnyMiddleware<Counter>(observing: [.state, .stateReplaced]) { event, _ in
            switch event {
            case .state(let state): states.append(state.count)
            case .stateReplaced(let state): states.append(-state.count)
            default: break
            }
        }
        let store = Store(Counter(), initialState: .init(), middleware: [recorder])
        let replacement = 1_000_000
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        store.send(.increment)
                        if sender == 0 && index == 1_000 { store.replaceState(with: .init(count: replacement)) }
                    }
                }
            }
        }
        await store.waitForIdle()
        let values = states.values
        guard let replaced = values.firstIndex(of: -replacement) else {
            Issue.record("the replacement was not seen")
            return
        }
        #expect(Array(values[..<replaced]) == Array(1...replaced))
        #expect(
            Array(values[(replaced + 1)...]) == Array((replacement + 1)...(replacement + values.count - replaced - 1)))
        #expect(store.state.count == replacement + values.count - replaced - 1)
        #expect(values.count == 8_001)
    }
}
