import MVI
import MVIFixtures
import Testing

/// The code of the DocC articles, compiled and run: if an article's sample stops compiling,
/// this file does too. Keep them in sync.
enum GettingStartedDocs {
    struct Counter: Feature {
        struct State: Equatable, Sendable {
            var count = 0
            var isLoading = false
        }
        enum Intent: Sendable { case increment, decrement, loadRandom }
        enum Message: Sendable { case changed(by: Int), loading(Bool) }
        enum SideEffect: Sendable, Equatable { case showError(String) }

        let random: @Sendable () async throws -> Int

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .changed(let by): state.count += by
            case .loading(let isLoading): state.isLoading = isLoading
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .increment:
                context.dispatch(.changed(by: 1))
            case .decrement:
                context.dispatch(.changed(by: -1))
            case .loadRandom:
                context.dispatch(.loading(true))
                context.run(id: "load", cancelInFlight: true) { context in
                    do {
                        let number = try await random()
                        await context.dispatch(.changed(by: number))
                    } catch {
                        await context.post(.showError("\(error)"))
                    }
                    await context.dispatch(.loading(false))
                }
            }
        }
    }

    struct FormState: Sendable { var name = "" }
    enum FormEffect: Sendable { case close }
}

@Suite(.timeLimit(.minutes(5))) struct DocumentationSnippetTests {
    typealias Counter = GettingStartedDocs.Counter
    typealias FormState = GettingStartedDocs.FormState
    typealias FormEffect = GettingStartedDocs.FormEffect

    @Test func gettingStarted() async {
        let store = Store(Counter(random: { Int.random(in: 1...6) }), initialState: .init())
        store.send(.increment)
        store.send(.increment)
        #expect(store.state.count == 2)  // synchronous intents are applied before send returns

        let subscription = store.subscribe { state in
            _ = "count: \(state.count)"
        }
        let counts = store.states(of: \.count)  // distinct until changed
        store.send(.loadRandom)
        await store.waitForIdle()
        store.cancel()
        for await effect in store.sideEffects {
            if case .showError(let message) = effect { Issue.record("unexpected error \(message)") }
        }
        var seen: [Int] = []
        for await count in counts { seen.append(count) }
        #expect(seen.first == 2 && seen.count == 2)
        subscription.cancel()

        let form = Container<FormState, FormEffect>(initialState: FormState())
        form.intent { ctx in
            ctx.reduce { $0.name = "Circles" }
            ctx.post(.close)
        }
        #expect(form.state.name == "Circles")
    }

    @Test func threadingAndOrdering() {
        let store = Store(Counter(random: { 4 }), initialState: .init())
        let subscription = store.subscribe { state in
            if state.count == 1 {
                store.send(.increment)  // queued: runs after this notification
                assert(store.state.count == 1)
            }
        }
        store.send(.increment)
        assert(store.state.count == 2)
        #expect(store.state.count == 2)
        subscription.cancel()
    }

    /// ThreadingAndOrdering.md, "Replacing the state".
    @Test func replacingTheState() {
        let store = Store(Counter(random: { 4 }), initialState: .init())
        store.send(.increment)
        store.replaceState(with: .init(count: 40))
        store.send(.increment)
        #expect(store.state.count == 41)
    }

    @Test func readingStateInAsyncWork() async {
        struct Feature_: Feature {
            typealias State = Counter.State
            enum Intent: Sendable { case go }
            typealias Message = Counter.Message
            static func reduce(_ state: inout State, _ message: Message) { Counter.reduce(&state, message) }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                context.run { context in
                    await context.dispatch(.changed(by: 1))
                    let count = context.state.count  // includes the change
                    _ = count
                }
            }
        }
        let store = Store(Feature_(), initialState: .init())
        store.send(.go)
        await store.waitForIdle()
        #expect(store.state.count == 1)
    }

    @Test func sideEffectsAndTheirDelivery() async {
        struct Failing: Error {}
        let store = Store(
            Counter(random: { throw Failing() }), initialState: .init(),
            sideEffects: .dropOldest(capacity: 8),
            onError: StoreErrorHandler { error in print(error) })
        let received = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { effect in
            received.append(effect)
        }
        let sequence = Task {
            for await effect in store.sideEffects {
                received.append(effect)
            }
        }
        store.send(.loadRandom)
        await store.waitForIdle()
        store.cancel()
        await sequence.value
        #expect(received.values == [.showError("Failing()")])
        subscription.cancel()
    }

    /// ThreadingAndOrdering.md, "What a sender waits for".
    @Test func threadingWhatASenderWaitsFor() async {
        let store = Store(Counter(random: { 4 }), initialState: .init())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<1_000 { store.send(.increment) } }
            }
        }
        await store.waitForIdle()
        #expect(store.state.count == 4_000)
        #expect(store.pendingInputCount == 0)
    }

    /// ThreadingAndOrdering.md, "Awaiting an intent's work".
    @Test func threadingAwaitingAnIntentsWork() async {
        let store = Store(Counter(random: { 4 }), initialState: .init())
        await store.sendAwaitingWork(.loadRandom)  // back once the number is loaded
        #expect(store.state.count == 4)
        #expect(!store.state.isLoading)
    }

    /// ThreadingAndOrdering.md, "Backpressure".
    @Test func threadingBackpressure() async {
        let errors = Collected<StoreError>()
        let feed = Store(
            Counter(random: { 4 }), initialState: .init(), pendingInputLimit: 64,
            onError: StoreErrorHandler { errors.append($0) })

        // A producer that may wait: suspends (never blocks its thread) until there is room.
        for _ in 0..<1_000 {
            await feed.sendWaitingForRoom(.increment)
        }

        // A caller that must not wait: at the limit the newest intent is dropped and reported.
        feed.send(.increment)
        print(feed.droppedInputCount)

        await feed.waitForIdle()
        #expect(feed.state.count == 1_001)  // a lone sender: never at the limit
        #expect(feed.droppedInputCount == 0)
        #expect(errors.values.isEmpty)
    }

    /// ThreadingAndOrdering.md, "Choosing a policy": the server's loop, fed 3,000 intents.
    @Test func threadingChoosingAPolicy() async {
        // A server: a store per connection, its intents decoded from the socket by one task.
        func serve(_ requests: AsyncStream<Counter.Intent>) async {
            let session = Store(Counter(random: { 4 }), initialState: .init(), pendingInputLimit: 1_024)
            for await intent in requests {
                // Suspends while 1,024 inputs wait: the task stops reading, and the socket's
                // buffers push back on the client.
                guard await session.sendWaitingForRoom(intent) else { return }  // the store was cancelled
            }
        }

        let (requests, connection) = AsyncStream.makeStream(of: Counter.Intent.self)
        for _ in 0..<3_000 { connection.yield(.increment) }
        connection.finish()
        await serve(requests)  // returns once every request was taken
    }
}
