import MVI
import MVIFixtures
import Testing

@Suite(.timeLimit(.minutes(5))) struct StoreBasicsTests {
    @Test func sendReducesAndPublishesBeforeReturning() {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        store.send(.add(5))
        #expect(store.state.count == 6)
        #expect(seen.values == [0, 1, 6])
        subscription.cancel()
    }

    @Test func cancelledSubscriptionStopsObservers() {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        subscription.cancel()
        store.send(.increment)
        #expect(seen.values == [0, 1])
    }

    @Test func releasedSubscriptionStopsObservers() {
        let store = Store(Counter(), initialState: .init())
        let seen = Collected<Int>()
        do {
            let subscription = store.subscribe { seen.append($0.count) }
            store.send(.increment)
            _ = subscription
        }
        store.send(.increment)
        #expect(seen.values == [0, 1])
    }

    @Test func executeReadsItsOwnWrites() {
        struct ReadBack: Feature {
            struct State: Sendable { var value = 0; var seenDuringExecute: [Int] = [] }
            enum Intent: Sendable { case go }
            enum Message: Sendable { case set(Int), record(Int) }
            static func reduce(_ state: inout State, _ message: Message) {
                switch message {
                case .set(let value): state.value = value
                case .record(let value): state.seenDuringExecute.append(value)
                }
            }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                context.dispatch(.set(1))
                context.dispatch(.record(context.state.value))
                context.dispatch(.set(2))
                context.dispatch(.record(context.state.value))
            }
        }
        let store = Store(ReadBack(), initialState: .init())
        store.send(.go)
        #expect(store.state.seenDuringExecute == [1, 2])
    }

    @Test func asyncWorkReadsItsOwnWrites() async {
        let observed = Collected<Int>()
        struct Feature_: Feature {
            typealias State = Counter.State
            enum Intent: Sendable { case go }
            typealias Message = Counter.Message
            let observed: Collected<Int>
            static func reduce(_ state: inout State, _ message: Message) { Counter.reduce(&state, message) }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                context.run { context in
                    for _ in 0..<100 {
                        let before = context.state.count
                        await context.dispatch(.changed(by: 1))
                        observed.append(context.state.count - before)
                    }
                }
            }
        }
        let store = Store(Feature_(observed: observed), initialState: .init())
        // Another sender competes with the work, so some dispatches queue behind it.
        let hammer = Task { for _ in 0..<1_000 { store.send(.go) } }
        store.send(.go)
        await hammer.value
        await waitForCount(store, 1_001 * 100)
        await store.waitForIdle()
        #expect(store.state.count == 1_001 * 100)
        // Every dispatch was applied before it returned: the state grew by at least one.
        #expect(observed.values.allSatisfy { $0 >= 1 })
        #expect(observed.values.count == 1_001 * 100)
    }

    @Test func bootstrapRunsOnceWhenStarted() {
        let count = Locked(0)
        let store = Store(
            Counter(onBootstrap: { count.withLock { $0 += 1 } }), initialState: .init(), start: false)
        store.send(.increment)
        #expect(count.withLock { $0 } == 0)
        #expect(store.state.count == 0, "input waits until the store starts")
        store.start()
        store.start()
        #expect(count.withLock { $0 } == 1)
        #expect(store.state.count == 1)
    }

    @Test func bootstrapRunsAtCreationByDefault() {
        let count = Locked(0)
        let store = Store(Counter(onBootstrap: { count.withLock { $0 += 1 } }), initialState: .init())
        #expect(count.withLock { $0 } == 1)
        _ = store
    }

    @Test func nameDefaultsToFeatureType() {
        #expect(Store(Counter(), initialState: .init()).name == "Counter")
        #expect(Store(Counter(), initialState: .init(), name: "Main").name == "Main")
    }

    @Test func cancelledStoreIgnoresInputAndFinishesStreams() async {
        let store = Store(Counter(), initialState: .init())
        let states = store.states
        store.send(.increment)
        store.cancel()
        store.send(.increment)
        #expect(store.isCancelled)
        #expect(store.state.count == 1)
        var received: [Int] = []
        for await state in states { received.append(state.count) }
        #expect(received == [0, 1])
        // A stream made after cancellation yields the final state and ends.
        var late: [Int] = []
        for await state in store.states { late.append(state.count) }
        #expect(late == [1])
    }

    @Test func projectionsAreDistinctUntilChanged() async {
        let store = Store(Counter(), initialState: .init())
        let loading = Collected<Bool>()
        let subscription = store.subscribe(to: \.isLoading) { loading.append($0) }
        let counts = store.states(of: \.count)
        store.send(.increment)
        store.send(.increment)
        store.send(.loadLater(0))  // loading true, then false after the work
        await store.waitForIdle()
        store.cancel()
        var seen: [Int] = []
        for await count in counts { seen.append(count) }
        #expect(seen == [0, 1, 2])
        #expect(loading.values == [false, true, false])
        subscription.cancel()
    }
}
