import MVI
import MVIFixtures
import Testing

/// Records every event as a line, for exact comparisons.
func eventLine(_ event: StoreEvent<Counter>, _ context: borrowing MiddlewareContext<Counter>) -> String {
    switch event {
    case .created: "[\(context.storeName)] created \(context.state.count)"
    case .started: "[\(context.storeName)] started"
    case .intent(let intent): "[\(context.storeName)] intent \(intent)"
    case .message(let message): "[\(context.storeName)] message \(message)"
    case .state(let state): "[\(context.storeName)] state \(state.count) \(state.isLoading)"
    case .sideEffect(let sideEffect): "[\(context.storeName)] sideEffect \(sideEffect)"
    case .failure(let error): "[\(context.storeName)] failure \(error.origin)"
    case .cancelled: "[\(context.storeName)] cancelled"
    case .stateReplaced(let state): "[\(context.storeName)] stateReplaced \(state.count)"
    case .sharedChange(let state): "[\(context.storeName)] sharedChange \(state.count)"
    }
}

@Suite(.timeLimit(.minutes(5))) struct MiddlewareTests {
    @Test func middlewareSeesTheExactEventSequence() async {
        let lines = Collected<String>()
        let recorder = AnyMiddleware<Counter> { event, context in lines.append(eventLine(event, context)) }
        let store = Store(
            Counter(), initialState: .init(), name: "C", middleware: [recorder],
            onError: StoreErrorHandler { _ in })
        store.send(.increment)
        store.send(.notify("hi"))
        store.send(.loadLater(5))
        await store.waitForIdle()
        store.send(.fail)
        await store.waitForIdle()
        store.cancel()
        #expect(
            lines.values == [
                "[C] created 0",
                "[C] started",
                "[C] intent increment",
                "[C] message changed(by: 1)",
                "[C] state 1 false",
                "[C] intent notify(\"hi\")",
                "[C] sideEffect said(\"hi\")",
                "[C] intent loadLater(5)",
                "[C] message loading(true)",
                "[C] state 1 true",
                "[C] message changed(by: 5)",
                "[C] state 6 true",
                "[C] message loading(false)",
                "[C] state 6 false",
                "[C] intent fail",
                "[C] failure asyncWork(id: Optional(\"fail\"))",
                "[C] cancelled",
            ])
    }

    @Test func middlewareRunsInOrderAndMaySendIntents() {
        let lines = Collected<String>()
        struct Navigator: Middleware {
            let lines: Collected<String>
            func handle(_ event: StoreEvent<Counter>, _ context: borrowing MiddlewareContext<Counter>) {
                if case .state(let state) = event, state.count == 1 {
                    lines.append("navigator sends")
                    context.send(.add(10))
                }
            }
        }
        let analytics = AnyMiddleware<Counter> { event, _ in
            if case .intent(let intent) = event { lines.append("analytics \(intent)") }
        }
        let store = Store(Counter(), initialState: .init(), middleware: [Navigator(lines: lines), analytics])
        store.send(.increment)
        #expect(store.state.count == 11)
        #expect(lines.values == ["analytics increment", "navigator sends", "analytics add(10)"])
    }

    @Test func eventKindsNameEveryCase() {
        #expect(StoreEvent<Counter>.intent(.increment).kind == .intent)
        #expect(StoreEvent<Counter>.state(.init()).kind == .state)
        #expect(StoreEvent<Counter>.sharedChange(.init()).kind == .sharedChange)
        #expect(StoreEvent<Counter>.Kind.allCases.count == 10)
    }

    @Test func middlewareSeesOnlyTheKindsItObserves() {
        let lines = Collected<String>()
        let intentsOnly = AnyMiddleware<Counter>(observing: [.intent, .sideEffect]) { event, context in
            lines.append(eventLine(event, context))
        }
        let store = Store(Counter(), initialState: .init(), name: "K", middleware: [intentsOnly])
        store.send(.increment)
        store.send(.notify("x"))
        store.cancel()
        #expect(lines.values == ["[K] intent increment", "[K] intent notify(\"x\")", "[K] sideEffect said(\"x\")"])
    }

    @Test func middlewareObservingNothingIsNeverCalled() async {
        let calls = Collected<String>()
        let silent = AnyMiddleware<Counter>(observing: []) { event, _ in calls.append("\(event.kind)") }
        let store = Store(Counter(), initialState: .init(), middleware: [silent])
        store.send(.increment)
        store.send(.loadLater(1))
        // The async work's message lands too (waited for, not raced with `cancel`).
        await store.waitForIdle()
        store.cancel()
        #expect(calls.values.isEmpty)
        #expect(store.state.count == 2)
    }
}
