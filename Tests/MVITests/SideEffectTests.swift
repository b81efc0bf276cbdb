import MVI
import MVIFixtures
import Testing

@Suite struct SideEffectTests {
    @Test func bufferedSideEffectsArriveOnceForALateObserver() async {
        let store = Store(Counter(), initialState: .init())
        store.send(.notify("a"))
        store.send(.notify("b"))
        var iterator = store.sideEffects.makeAsyncIterator()
        #expect(await iterator.next() == .said("a"))
        #expect(await iterator.next() == .said("b"))
        // A second observer finds nothing left: each side effect is delivered once.
        store.send(.notify("c"))
        var second = store.sideEffects.makeAsyncIterator()
        #expect(await second.next() == .said("c"))
    }

    @Test func bufferedSideEffectsGoToALateObserver() {
        let store = Store(Counter(), initialState: .init())
        store.send(.notify("early"))
        let seen = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { seen.append($0) }
        store.send(.notify("live"))
        #expect(seen.values == [.said("early"), .said("live")])
        subscription.cancel()
        store.send(.notify("after"))
        #expect(seen.values == [.said("early"), .said("live")])
    }

    @Test func sideEffectsWaitWhileNobodyListensBetweenObservers() async {
        let store = Store(Counter(), initialState: .init())
        let first = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { first.append($0) }
        store.send(.notify("1"))
        subscription.cancel()
        store.send(.notify("2"))  // posted while stopped: held, not lost
        let second = Collected<Counter.SideEffect>()
        let again = store.onSideEffect { second.append($0) }
        #expect(first.values == [.said("1")])
        #expect(second.values == [.said("2")])
        again.cancel()
    }

    @Test func overflowDropsTheNewestAndReportsIt() {
        let errors = Collected<StoreError>()
        let store = Store(
            Counter(), initialState: .init(), sideEffects: .buffer(capacity: 2),
            onError: StoreErrorHandler { errors.append($0) })
        for text in ["a", "b", "c"] { store.send(.notify(text)) }
        let seen = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { seen.append($0) }
        #expect(seen.values == [.said("a"), .said("b")])
        #expect(errors.values.count == 1)
        #expect(errors.values.first?.origin == .sideEffectOverflow)
        #expect((errors.values.first?.underlying).map { "\($0)" }?.contains("said(\"c\")") == true)
        subscription.cancel()
    }

    @Test func dropOldestKeepsTheNewestAndReportsTheDropped() {
        let errors = Collected<StoreError>()
        let store = Store(
            Counter(), initialState: .init(), sideEffects: .dropOldest(capacity: 2),
            onError: StoreErrorHandler { errors.append($0) })
        for text in ["a", "b", "c"] { store.send(.notify(text)) }
        let seen = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { seen.append($0) }
        #expect(seen.values == [.said("b"), .said("c")])
        let overflow = errors.values.first?.underlying as? SideEffectOverflow
        #expect(overflow?.droppedSideEffect == "said(\"a\")")
        #expect(overflow?.capacity == 2)
        subscription.cancel()
    }

    @Test func broadcastReachesEveryObserver() async {
        let store = Store(Counter(), initialState: .init(), sideEffects: .broadcast())
        store.send(.notify("before anyone"))
        let observed = Collected<Counter.SideEffect>()
        let subscription = store.onSideEffect { observed.append($0) }
        var first = store.sideEffects.makeAsyncIterator()
        var second = store.sideEffects.makeAsyncIterator()
        store.send(.notify("everyone"))
        #expect(await first.next() == .said("everyone"))
        #expect(await second.next() == .said("everyone"))
        #expect(observed.values == [.said("before anyone"), .said("everyone")])
        subscription.cancel()
    }

    @Test func sideEffectsFromAsyncWorkKeepTheirOrderWithMessages() async {
        struct Loader: Feature {
            struct State: Sendable, Equatable { var loaded = false }
            enum Intent: Sendable { case load }
            enum Message: Sendable { case loaded }
            enum SideEffect: Sendable, Equatable { case loadedWhileStateWas(Bool) }
            static func reduce(_ state: inout State, _ message: Message) { state.loaded = true }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                context.run { context in
                    await context.dispatch(.loaded)
                    await context.post(.loadedWhileStateWas(context.state.loaded))
                }
            }
        }
        let store = Store(Loader(), initialState: .init())
        store.send(.load)
        var iterator = store.sideEffects.makeAsyncIterator()
        #expect(await iterator.next() == .loadedWhileStateWas(true))
    }

    @Test func sideEffectStreamEndsWhenTheStoreIsCancelled() async {
        let store = Store(Counter(), initialState: .init())
        let consumer = Task {
            var count = 0
            for await _ in store.sideEffects { count += 1 }
            return count
        }
        store.send(.notify("x"))
        store.cancel()
        #expect(await consumer.value <= 1)
    }
}
